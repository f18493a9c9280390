import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerUsernameSchema, emailSchema } from './auth';
import { snowflakeSchema } from './common';
import { sendMessageRequestSchema } from './messages';
import { teamNameSchema } from './teams';
import { nameText, text } from './text';
import { isSnowflake, MAX_SNOWFLAKE } from '../ids';
import { LIMITS } from '../limits';

const issues = (result: { success: boolean; error?: { issues: { code: string; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => ({ code: i.code, message: i.message }));

describe('text()', () => {
  const schema = text({ max: 10 }).regex(/^[a-z]*$/, 'email_invalid');

  it('checks the length first and stops there: nothing else runs on an oversized value', () => {
    expect(issues(schema.safeParse('A'.repeat(11)))).toEqual([{ code: 'too_big', message: 'invalid_request' }]);
    let ran = false;
    const watched = text({ max: 3 }).refine(() => (ran = true));
    watched.safeParse('x'.repeat(100_000));
    expect(ran).toBe(false);
  });

  it('refuses NUL and other control characters with text_invalid_characters, before later checks', () => {
    for (const value of ['a\u0000b', '\u0007', 'x\u001b[31m', 'del\u007f']) {
      expect(issues(schema.safeParse(value)), JSON.stringify(value)).toEqual([{ code: 'custom', message: 'text_invalid_characters' }]);
    }
  });

  it('refuses a lone surrogate (UTF-8 and jsonb cannot hold it) the same way, and keeps a whole pair', () => {
    const multi = text({ max: 100, multiline: true });
    for (const value of ['a\ud800', '\udc00b', 'x\ud83dy', '\ude00\ud83d']) {
      expect(issues(schema.safeParse(value)), JSON.stringify(value)).toEqual([{ code: 'custom', message: 'text_invalid_characters' }]);
      expect(issues(multi.safeParse(value)), JSON.stringify(value)).toEqual([{ code: 'custom', message: 'text_invalid_characters' }]);
    }
    expect(multi.safeParse('gg \ud83c\udfae').success).toBe(true);
  });

  it('lets multi-line text keep tab, line feed and carriage return, and one-line text refuse them and C1 controls', () => {
    const multi = text({ max: 100, multiline: true });
    expect(multi.safeParse('a\tb\r\nc').success).toBe(true);
    expect(multi.safeParse('a\u0000').success).toBe(false);
    const line = text({ max: 100 });
    for (const value of ['a\tb', 'a\nb', 'a\u0085b', 'a\u009bb']) expect(line.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(line.safeParse('Ünïcödé ✓ 🎮').success).toBe(true);
  });

  it('gives a missing or mistyped value its field message', () => {
    expect(issues(text({ max: 5, error: 'email_invalid' }).safeParse(42))).toEqual([{ code: 'invalid_type', message: 'email_invalid' }]);
  });

  it('strips bidirectional controls from names and trims them', () => {
    const name = nameText({ max: 40 });
    expect(name.parse('  \u202Egnp.exe\u202C ')).toBe('gnp.exe');
    expect(name.parse('a\u2066b\u2069c')).toBe('abc');
    expect(teamNameSchema.parse('\u202E Raiders \u202C')).toBe('Raiders');
    expect(teamNameSchema.safeParse('\u202E\u202C').success).toBe(false); // nothing left
  });
});

describe('fields of the requests', () => {
  it('bounds the e-mail before its pattern: a huge value gets one length issue', () => {
    const huge = 'a@' + 'a.'.repeat(150_000) + '@';
    expect(issues(emailSchema.safeParse(huge))).toEqual([{ code: 'too_big', message: 'email_invalid' }]);
    expect(issues(loginRequestSchema.safeParse({ email: huge, password: 'x' }))[0]).toEqual({ code: 'too_big', message: 'email_invalid' });
  });

  it('matches e-mail addresses with the linear pattern as before for ordinary ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.com.tr', ' user@example.org ']) expect(emailSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['a@b', 'a@@b.c', 'a b@c.d', 'a@b..c', 'a@.b.c', '@b.c', 'a@b.c.', 'a@b.c\u0000']) {
      expect(emailSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses NUL in team names, message content, nonces and usernames', () => {
    expect(teamNameSchema.safeParse('a\u0000b').success).toBe(false);
    expect(issues(sendMessageRequestSchema.safeParse({ content: 'hi\u0000' }))).toEqual([{ code: 'custom', message: 'text_invalid_characters' }]);
    expect(sendMessageRequestSchema.safeParse({ content: 'hi', nonce: 'n\u0000' }).success).toBe(false);
    expect(issues(registerUsernameSchema.safeParse('ab\u0000'))).toEqual([{ code: 'custom', message: 'username_format' }]);
  });

  it('bounds message content before anything runs on it, with the bound in the issue', () => {
    expect(sendMessageRequestSchema.safeParse({ content: 'x'.repeat(5001) }).success).toBe(true); // the sender's limit is the server's check
    const result = sendMessageRequestSchema.safeParse({ content: 'x'.repeat(LIMITS.message.inputMax + 1) });
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'too_big', maximum: LIMITS.message.inputMax, message: 'message_too_long' })]);
  });
});

describe('snowflake ids', () => {
  it('accepts canonical ids up to 2^63 - 1', () => {
    for (const id of ['0', '1', '123456789012345678', MAX_SNOWFLAKE]) {
      expect(isSnowflake(id), id).toBe(true);
      expect(snowflakeSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it('refuses ids beyond 64 bits, signs, leading zeros, non-digits and empty values with invalid_id', () => {
    for (const id of ['9223372036854775808', '9999999999999999999', '99999999999999999999', '1'.repeat(400), '-1', '+1', '01', '', '1e5', '١٢٣', '12\u0000']) {
      expect(isSnowflake(id), id).toBe(false);
      expect(issues(snowflakeSchema.safeParse(id)), id).toEqual([expect.objectContaining({ message: 'invalid_id' })]);
    }
    expect(issues(snowflakeSchema.safeParse(12))).toEqual([{ code: 'invalid_type', message: 'invalid_id' }]);
  });
});
