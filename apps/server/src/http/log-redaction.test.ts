import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { call, withTestApp } from '../../test/helpers/app';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces the secrets of reset, verification, OAuth and voice URLs, and keeps the rest', () => {
    expect(redactUrl('/resetpassword/abc.DEF_123')).toBe('/resetpassword/[redacted]');
    expect(redactUrl('/ResetPassword/abc?x=1')).toBe('/ResetPassword/[redacted]?x=1');
    expect(redactUrl('/emailVerify?key=k1&date=17&email=a%40b.c')).toBe('/emailVerify?key=[redacted]&date=17&email=a%40b.c');
    expect(redactUrl('/api/v1/me/connections/twitch/callback?code=c1&state=s1&scope=user')).toBe(
      '/api/v1/me/connections/twitch/callback?code=[redacted]&state=[redacted]&scope=user',
    );
    expect(redactUrl('/api/v1/teams/1/channels/2/join?token=t1')).toBe('/api/v1/teams/1/channels/2/join?token=[redacted]');
    expect(redactUrl('/x?%74oken=t2&Access_Token=t3&flag')).toBe('/x?%74oken=[redacted]&Access_Token=[redacted]&flag');
    expect(redactUrl('/api/v1/teams/1/members?limit=50')).toBe('/api/v1/teams/1/members?limit=50');
  });
});

describe('the server log', () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const ctx = withTestApp({ LOG_LEVEL: 'info' }, { logStream });

  it('never holds a reset token, a verification key, an OAuth code or state, or a voice token', async () => {
    const secrets = ['reset-secret-0123456789', 'verify-secret-0123456789', 'oauth-code-0123456789', 'oauth-state-0123456789', 'voice-secret-0123456789'];
    await call(ctx.app, 'GET', `/resetpassword/${secrets[0]}`);
    await call(ctx.app, 'GET', `/emailVerify?key=${secrets[1]}&date=1&email=a%40example.com`);
    await call(ctx.app, 'GET', `/api/v1/me/connections/twitch/callback?code=${secrets[2]}&state=${secrets[3]}`);
    await call(ctx.app, 'GET', `/api/v1/teams/1/channels/2/join?token=${secrets[4]}`);
    const log = lines.join('');
    expect(log).toContain('/resetpassword/[redacted]');
    expect(log).toContain('/api/v1/teams/1/channels/2/join?token=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
