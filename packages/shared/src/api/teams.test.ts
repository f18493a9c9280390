import { describe, expect, it } from 'vitest';
import { cleanInviteCode, createInviteRequestSchema, createTeamRequestSchema, teamNameSchema } from './teams';
import { isBlankMessage, listMessagesQuerySchema, sendMessageRequestSchema, sendMessageRequestSchemaFor } from './messages';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('team name', () => {
  it('is trimmed and must be 1 to 20 characters', () => {
    expect(teamNameSchema.parse('  Raiders  ')).toBe('Raiders');
    expect(teamNameSchema.parse('x'.repeat(20))).toBe('x'.repeat(20));
    expect(issue(teamNameSchema.safeParse('   '))).toBe('team_name_error_min');
    expect(issue(teamNameSchema.safeParse(''))).toBe('team_name_error_min');
    expect(issue(teamNameSchema.safeParse('x'.repeat(21)))).toBe('team_name_error_max');
    expect(teamNameSchema.parse(`  ${'x'.repeat(20)}  `)).toBe('x'.repeat(20));
  });

  it('takes a picture URL as text (the server checks that it is its own upload) or none', () => {
    expect(createTeamRequestSchema.safeParse({ name: 'A' }).success).toBe(true);
    expect(createTeamRequestSchema.safeParse({ name: 'A', profilePicture: null }).success).toBe(true);
    expect(createTeamRequestSchema.safeParse({ name: 'A', profilePicture: '/uploads/teamIcon/1.png' }).success).toBe(true);
    expect(issue(createTeamRequestSchema.safeParse({ name: 'A', profilePicture: 'x'.repeat(513) }))).toBe('team_image_invalid');
  });
});

describe('create invite request', () => {
  it('defaults to never expiring, unlimited uses, no application', () => {
    expect(createInviteRequestSchema.parse({ teamId: '123' })).toEqual({
      teamId: '123',
      applicationEnabled: false,
      type: 'team',
      maxUses: null,
      expiresAt: null,
    });
  });

  it('accepts only the offered max uses', () => {
    for (const maxUses of [null, 50, 100, 200, 500, 1000]) expect(createInviteRequestSchema.safeParse({ teamId: '1', maxUses }).success).toBe(true);
    expect(issue(createInviteRequestSchema.safeParse({ teamId: '1', maxUses: 3 }))).toBe('invite_max_uses');
  });

  it('accepts an expiry in the future up to 30 days', () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(createInviteRequestSchema.safeParse({ teamId: '1', expiresAt: inAnHour }).success).toBe(true);
    expect(issue(createInviteRequestSchema.safeParse({ teamId: '1', expiresAt: new Date(Date.now() - 1000).toISOString() }))).toBe('invite_expiry');
    expect(issue(createInviteRequestSchema.safeParse({ teamId: '1', expiresAt: new Date(Date.now() + 31 * 86_400_000).toISOString() }))).toBe('invite_expiry');
  });

  it('needs a snowflake team id', () => {
    expect(createInviteRequestSchema.safeParse({ teamId: 'abc' }).success).toBe(false);
  });
});

describe('cleanInviteCode', () => {
  it.each([
    ['aB3dE9xZ', 'aB3dE9xZ'],
    ['  aB3dE9xZ  ', 'aB3dE9xZ'],
    ['https://rally.example.com/invite/aB3dE9xZ', 'aB3dE9xZ'],
    ['http://localhost:3000/invite/aB3dE9xZ', 'aB3dE9xZ'],
    ['localhost:5173/invite/aB3dE9xZ', 'aB3dE9xZ'],
    ['rally.gg/aB3dE9xZ', 'aB3dE9xZ'],
    ['rally.gg/i/aB3dE9xZ', 'aB3dE9xZ'],
    ['/invite/aB3dE9xZ', 'aB3dE9xZ'],
    ['invite/aB3dE9xZ', 'aB3dE9xZ'],
    ['https://rally.example.com/invite/aB3dE9xZ?ref=x#top', 'aB3dE9xZ'],
    ['aB3d<script>', 'aB3dscript'],
    ['my-team_2', 'my-team_2'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(cleanInviteCode(input)).toBe(expected);
  });
});

describe('message schemas', () => {
  it('refuses blank content and heading markers only', () => {
    expect(isBlankMessage('  \n ')).toBe(true);
    expect(isBlankMessage('##')).toBe(true);
    expect(isBlankMessage('# hi')).toBe(false);
    expect(issue(sendMessageRequestSchema.safeParse({ content: '   ' }))).toBe('message_empty');
    expect(sendMessageRequestSchema.parse({ content: 'hi', nonce: 'n1' })).toEqual({ content: 'hi', nonce: 'n1' });
  });

  it('has a form schema with the sender limit', () => {
    expect(sendMessageRequestSchemaFor(false).safeParse({ content: 'x'.repeat(2000) }).success).toBe(true);
    expect(issue(sendMessageRequestSchemaFor(false).safeParse({ content: 'x'.repeat(2001) }))).toBe('message_too_long');
    expect(sendMessageRequestSchemaFor(true).safeParse({ content: 'x'.repeat(5000) }).success).toBe(true);
    expect(issue(sendMessageRequestSchemaFor(true).safeParse({ content: 'x'.repeat(5001) }))).toBe('message_too_long');
  });

  it('parses history paging and refuses after with before or offset', () => {
    expect(listMessagesQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(listMessagesQuerySchema.parse({ limit: '20', offset: '40' })).toEqual({ limit: 20, offset: 40 });
    expect(listMessagesQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(listMessagesQuerySchema.safeParse({ after: '5', before: '9' }).success).toBe(false);
    expect(listMessagesQuerySchema.safeParse({ after: '5', offset: '1' }).success).toBe(false);
    expect(listMessagesQuerySchema.safeParse({ before: '9', offset: '1' }).success).toBe(true);
  });
});
