import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PrivateFlags } from '@rally/shared/api/users';
import { users } from '../../db/schema';
import { call, withTestApp, type TestApp } from '../../../test/helpers/app';
import { first } from '../../../test/helpers/rows';
import { makeUser } from '../../../test/helpers/factories';

const ctx = withTestApp();

const post = (t: TestApp, cookie: string, url: string, body?: unknown) => call(t.app, 'POST', url, { cookie, body });
const stored = async (id: string) => first(await ctx.db.select().from(users).where(eq(users.id, id)));

describe('POST /api/v1/me/birthdate', () => {
  it('sets the birthdate of an account without one; mustSetBirthdate is then false', async () => {
    const user = await makeUser(ctx.app, undefined, { birthdate: null });
    const me = await call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie });
    expect(me.json().user.mustSetBirthdate).toBe(true);

    const res = await post(ctx, user.cookie, '/api/v1/me/birthdate', { dateOfBirth: { day: 29, month: 2, year: 2004 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: user.id, mustSetBirthdate: false } });
    expect((await stored(user.id)).birthdate).toBe('2004-02-29');
    const after = await call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie });
    expect(after.json().user.mustSetBirthdate).toBe(false);
  });

  it('refuses an invalid date (no 31 April, too old, too young, months over 12) with nothing stored', async () => {
    const user = await makeUser(ctx.app, undefined, { birthdate: null });
    const thisYear = new Date().getUTCFullYear();
    const bad = [
      { dateOfBirth: { day: 31, month: 4, year: 2000 } },
      { dateOfBirth: { day: 1, month: 13, year: 2000 } },
      { dateOfBirth: { day: 1, month: 1, year: thisYear - 125 } },
      { dateOfBirth: { day: 1, month: 1, year: '2000' } },
      {},
    ];
    for (const body of bad) {
      const res = await post(ctx, user.cookie, '/api/v1/me/birthdate', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'birthdate_invalid' });
    }
    const young = await post(ctx, user.cookie, '/api/v1/me/birthdate', { dateOfBirth: { day: 1, month: 1, year: thisYear - 5 } });
    expect(young.json()).toMatchObject({ code: 'birthdate_too_young' });
    expect((await stored(user.id)).birthdate).toBeNull();
  });

  it('refuses a second birthdate: it cannot change once set (409 birthdate_already_set)', async () => {
    const user = await makeUser(ctx.app, undefined, { birthdate: null });
    expect((await post(ctx, user.cookie, '/api/v1/me/birthdate', { dateOfBirth: { day: 1, month: 5, year: 1999 } })).statusCode).toBe(200);
    const again = await post(ctx, user.cookie, '/api/v1/me/birthdate', { dateOfBirth: { day: 2, month: 6, year: 1998 } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'birthdate_already_set', message: 'Your birthdate is already set and cannot be changed' });
    expect((await stored(user.id)).birthdate).toBe('1999-05-01');

    const registered = await makeUser(ctx.app);
    const res = await post(ctx, registered.cookie, '/api/me/birthdate', { dateOfBirth: { day: 2, month: 6, year: 1998 } });
    expect(res.statusCode).toBe(409);
    expect((await stored(registered.id)).birthdate).toBe('2000-01-01');
  });

  it('is for signed-in users only', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/me/birthdate', { body: { dateOfBirth: { day: 1, month: 5, year: 1999 } } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/me/policy', () => {
  it('clears privateFlags bit 0 (policy review required) and keeps the other bits', async () => {
    const user = await makeUser(ctx.app, undefined, { privateFlags: PrivateFlags.POLICY_REVIEW_REQUIRED | 4 });
    const me = await call(ctx.app, 'GET', '/api/v1/me', { cookie: user.cookie });
    expect(me.json().user.privateFlags & PrivateFlags.POLICY_REVIEW_REQUIRED).toBe(1);

    const res = await post(ctx, user.cookie, '/api/v1/me/policy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { privateFlags: 4 } });
    expect((await stored(user.id)).privateFlags).toBe(4);
    // Accepting again changes nothing.
    expect((await post(ctx, user.cookie, '/api/me/policy')).json()).toMatchObject({ user: { privateFlags: 4 } });
  });
});

describe('POST /api/v1/me/tour', () => {
  it('records each step; the tour is finished once every step has a status', async () => {
    const user = await makeUser(ctx.app);
    expect((await stored(user.id)).appTourIsFinished).toBe(false);

    const one = await post(ctx, user.cookie, '/api/v1/me/tour', { step: 'createTeam', status: 'done' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ success: true, user: { appTour: { createTeam: 'done' }, appTourIsFinished: false } });

    const two = await post(ctx, user.cookie, '/api/v1/me/tour', { step: 'inviteFriend', status: 'skipped' });
    expect(two.json()).toMatchObject({ user: { appTour: { createTeam: 'done', inviteFriend: 'skipped' }, appTourIsFinished: true } });
    const row = await stored(user.id);
    expect(row.appTour).toEqual({ createTeam: 'done', inviteFriend: 'skipped' });
    expect(row.appTourIsFinished).toBe(true);
  });

  it('skipping the whole tour finishes it at once', async () => {
    const user = await makeUser(ctx.app);
    const res = await post(ctx, user.cookie, '/api/v1/me/tour', { step: 'tour', status: 'skipped' });
    expect(res.json()).toMatchObject({ user: { appTour: {}, appTourIsFinished: true } });
    expect((await stored(user.id)).appTourIsFinished).toBe(true);
  });

  it('refuses an unknown step or status with nothing stored', async () => {
    const user = await makeUser(ctx.app);
    const step = await post(ctx, user.cookie, '/api/v1/me/tour', { step: 'flyToTheMoon', status: 'done' });
    expect(step.statusCode).toBe(400);
    expect(step.json()).toMatchObject({ code: 'tour_step_invalid' });
    const status = await post(ctx, user.cookie, '/api/v1/me/tour', { step: 'createTeam', status: 'maybe' });
    expect(status.json()).toMatchObject({ code: 'tour_status_invalid' });
    const row = await stored(user.id);
    expect(row.appTour).toEqual({});
    expect(row.appTourIsFinished).toBe(false);
  });
});
