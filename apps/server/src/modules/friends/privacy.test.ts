import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@rally/shared/api/users';
import { translateError } from '@rally/shared/i18n/errors';
import { call, withTestApp } from '../../../test/helpers/app';
import { makeUser, type TestUser } from '../../../test/helpers/factories';
import { AppError } from '../../lib/errors';
import { assertMayDirectMessage } from './privacy';

type DirectMessages = UserSettings['privacy']['directMessages'];
type Relation = 'stranger' | 'fof' | 'friend';

/** assertMayDirectMessage (000 §3 privacy.directMessages, 001 §6 blocked DM user), as the DM feature will call it. */
describe('assertMayDirectMessage', () => {
  const ctx = withTestApp();

  const user = (directMessages: DirectMessages = 'everyone') =>
    makeUser(ctx.app, undefined, { settings: { ...DEFAULT_USER_SETTINGS, privacy: { friendRequests: 'everyone', directMessages } } });

  async function befriend(a: TestUser, b: TestUser): Promise<void> {
    expect((await call(ctx.app, 'POST', '/api/v1/me/friends', { cookie: a.cookie, body: { slug: b.slug } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/v1/me/friends/${a.id}`, { cookie: b.cookie, body: { status: 'accepted' } })).statusCode).toBe(200);
  }

  /** A sender and a recipient (with this setting) who are strangers, friends of a friend, or friends. */
  async function pair(relation: Relation, directMessages: DirectMessages) {
    const sender = await user();
    const recipient = await user(directMessages);
    if (relation === 'friend') await befriend(sender, recipient);
    if (relation === 'fof') {
      const mutual = await user();
      await befriend(sender, mutual);
      await befriend(recipient, mutual);
    }
    return { sender, recipient };
  }

  /** The refusal's status and code, or 'ok'. */
  async function outcome(fromId: string, toId: string): Promise<string> {
    try {
      await assertMayDirectMessage({ db: ctx.db }, fromId, toId);
      return 'ok';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return `${err.status} ${err.code}`;
    }
  }

  const matrix: [DirectMessages, Relation, string][] = [
    ['everyone', 'stranger', 'ok'],
    ['everyone', 'fof', 'ok'],
    ['everyone', 'friend', 'ok'],
    ['fof', 'stranger', '403 dm_fof_only'],
    ['fof', 'fof', 'ok'],
    ['fof', 'friend', 'ok'],
    ['friends', 'stranger', '403 dm_friends_only'],
    ['friends', 'fof', '403 dm_friends_only'],
    ['friends', 'friend', 'ok'],
  ];

  it.each(matrix)('recipient accepts %s, sender is a %s: %s', async (directMessages, relation, expected) => {
    const { sender, recipient } = await pair(relation, directMessages);
    expect(await outcome(sender.id, recipient.id)).toBe(expected);
  });

  it.each(['everyone', 'fof', 'friends'] as const)('a block wins over the setting %s, either way', async (directMessages) => {
    const { sender, recipient } = await pair('fof', directMessages);
    const block = (who: TestUser, id: string) => call(ctx.app, 'POST', `/api/v1/me/users/${id}/block`, { cookie: who.cookie });
    expect((await block(recipient, sender.id)).statusCode).toBe(200);
    expect(await outcome(sender.id, recipient.id)).toBe('403 dm_not_accepted');
    expect((await block(sender, recipient.id)).statusCode).toBe(200);
    expect(await outcome(sender.id, recipient.id)).toBe('403 dm_blocked');
    expect((await call(ctx.app, 'DELETE', `/api/v1/me/users/${sender.id}/block`, { cookie: recipient.cookie })).statusCode).toBe(200);
    expect(await outcome(sender.id, recipient.id)).toBe('403 dm_blocked');
    expect(await outcome(recipient.id, sender.id)).toBe('403 dm_not_accepted');
  });

  it('lets a user write to themselves and refuses an unknown recipient', async () => {
    const ada = await user('friends');
    expect(await outcome(ada.id, ada.id)).toBe('ok');
    expect(await outcome(ada.id, '123456789012345678')).toBe('404 user_not_found');
  });

  it("gives the spec's text for one's own block", async () => {
    const { sender, recipient } = await pair('friend', 'everyone');
    await call(ctx.app, 'POST', `/api/v1/me/users/${recipient.id}/block`, { cookie: sender.cookie });
    const err = await assertMayDirectMessage({ db: ctx.db }, sender.id, recipient.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(translateError((err as AppError).code, 'en')).toBe('You have blocked this user. Unblock them to send messages.');
  });
});
