import { describe, expect, it } from 'vitest';
import { signVoiceToken, verifyVoiceToken, type VoiceGrant } from './token';

const grant: VoiceGrant = { userId: '1', teamId: '2', channelId: '3', screenCap: { width: 1280, height: 720, fps: 30 }, exp: 2_000 };

describe('voice tokens', () => {
  it('verifies what it signed until it expires', () => {
    const token = signVoiceToken('secret', grant);
    expect(verifyVoiceToken('secret', token, 1_999)).toEqual(grant);
    expect(verifyVoiceToken('secret', token, 2_000)).toBeNull();
  });

  it('refuses another secret, a changed payload and malformed tokens', () => {
    const token = signVoiceToken('secret', grant);
    expect(verifyVoiceToken('other', token, 0)).toBeNull();
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...grant, userId: '9' })).toString('base64url');
    expect(verifyVoiceToken('secret', `${forged}.${signature}`, 0)).toBeNull();
    for (const bad of ['', 'a', 'a.b.c', `${token}.x`, '.']) expect(verifyVoiceToken('secret', bad, 0)).toBeNull();
    const wrongShape = Buffer.from(JSON.stringify({ userId: 1 })).toString('base64url');
    expect(verifyVoiceToken('secret', signVoiceToken('secret', grant).replace(/^[^.]+/, wrongShape), 0)).toBeNull();
  });
});
