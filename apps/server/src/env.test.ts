import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      ALLOWED_REGIONS: ['TR', 'AZ'],
      DEFAULT_COUNTRY: 'TR',
      COUNTRY_HEADER: 'cf-ipcountry',
      LOGIN_FAILURES_BEFORE_CAPTCHA: 3,
      VOICE_MAX_SCREENSHARES: 5,
    });
    expect(config.RATE_LIMIT_REGISTER).toEqual({ count: 10, windowMs: 3_600_000 });
    expect(config.RATE_LIMIT_LOGIN).toEqual({ count: 20, windowMs: 300_000 });
    expect(config.COOKIE_SECRET).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and HOST when it is unset (localhost for a HOST of every address), and keeps a set one', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', HOST: '::' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3311', HOST: '127.0.0.1' }).PUBLIC_URL).toBe('http://127.0.0.1:3311');
    expect(loadConfig({ PORT: '3311', HOST: 'chat.internal' }).PUBLIC_URL).toBe('http://chat.internal:3311');
    expect(loadConfig({ PORT: '4000', HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:4000');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://rally.example.com' }).PUBLIC_URL).toBe('https://rally.example.com');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('parses values and ignores empty and unknown variables', () => {
    const config = loadConfig({
      PORT: '8080',
      ALLOWED_REGIONS: 'tr, az ,de',
      RATE_LIMIT_LOGIN: '5/60',
      COOKIE_SECRET: 'x'.repeat(32),
      DATABASE_URL: '',
      HOME: '/root',
    });
    expect(config.PORT).toBe(8080);
    expect(config.ALLOWED_REGIONS).toEqual(['TR', 'AZ', 'DE']);
    expect(config.RATE_LIMIT_LOGIN).toEqual({ count: 5, windowMs: 60_000 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ ALLOWED_REGIONS: '*' }).ALLOWED_REGIONS).toEqual(['*']);
    expect(loadConfig({ VOICE_MAX_SCREENSHARES: '2' }).VOICE_MAX_SCREENSHARES).toBe(2);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['ALLOWED_REGIONS', 'Turkey'],
    ['ALLOWED_REGIONS', ' , '],
    ['COOKIE_SECRET', 'too-short'],
    ['RATE_LIMIT_REGISTER', '10 per hour'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['CAPTCHA_MAX_NUMBER', '5'],
    ['VOICE_MAX_SCREENSHARES', '0'],
    ['VOICE_MAX_SCREENSHARES', '26'],
  ])('throws a ConfigError naming %s for %j', (name, value) => {
    const err = configError({ [name]: value });
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toContain(name);
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: '-1', COOKIE_SECRET: 'short' });
    expect(err.message).toMatch(/PORT/);
    expect(err.message).toMatch(/COOKIE_SECRET: must be at least 32 characters long/);
  });

  it('takes S3 storage only with its bucket and keys', () => {
    const s3 = { S3_BUCKET: 'rally', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3)).toMatchObject({ ...s3, S3_REGION: 'us-east-1' });
    expect(configError({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).message).toMatch(/S3_ENDPOINT: needs S3_BUCKET/);
    const keyless = configError({ S3_BUCKET: 'rally' }).message;
    expect(keyless).toMatch(/S3_ACCESS_KEY_ID: is required with S3_BUCKET/);
    expect(keyless).toMatch(/S3_SECRET_ACCESS_KEY: is required with S3_BUCKET/);
    expect(configError({ ...s3, S3_PUBLIC_URL: 'cdn.example.com' }).message).toMatch(/S3_PUBLIC_URL/);
  });

  it("takes a connection provider's client id and secret together, and the real endpoints by default", () => {
    expect(loadConfig({})).toMatchObject({
      KICK_AUTHORIZE_URL: 'https://id.kick.com/oauth/authorize',
      KICK_TOKEN_URL: 'https://id.kick.com/oauth/token',
      KICK_USER_URL: 'https://api.kick.com/public/v1/users',
      TWITCH_AUTHORIZE_URL: 'https://id.twitch.tv/oauth2/authorize',
      TWITCH_TOKEN_URL: 'https://id.twitch.tv/oauth2/token',
      TWITCH_USER_URL: 'https://api.twitch.tv/helix/users',
    });
    expect(loadConfig({}).KICK_CLIENT_ID).toBeUndefined();
    expect(loadConfig({ TWITCH_CLIENT_ID: 'id', TWITCH_CLIENT_SECRET: 'secret' })).toMatchObject({ TWITCH_CLIENT_ID: 'id', TWITCH_CLIENT_SECRET: 'secret' });
    expect(configError({ KICK_CLIENT_ID: 'id' }).message).toMatch(/KICK_CLIENT_SECRET: is required with KICK_CLIENT_ID/);
    expect(configError({ TWITCH_CLIENT_SECRET: 'secret' }).message).toMatch(/TWITCH_CLIENT_ID: is required with TWITCH_CLIENT_SECRET/);
    expect(configError({ KICK_TOKEN_URL: 'id.kick.com/oauth/token' }).message).toMatch(/KICK_TOKEN_URL/);
  });

  it('takes remote SFU nodes as a JSON list, with the secret they share', () => {
    expect(loadConfig({})).toMatchObject({ SFU_NODES: [], SFU_INTERNAL_HOST: '127.0.0.1', VOICE_NODE_TTL_MS: 15_000 });
    const node = { id: 'eu1', region: 'eu-central-1', url: 'wss://sfu-eu.example.com' };
    const secret = 'a-node-secret-of-thirty-two-chars-at-least';
    expect(loadConfig({ SFU_NODES: JSON.stringify([node]), SFU_SECRET: secret })).toMatchObject({ SFU_NODES: [node], SFU_SECRET: secret });
    expect(configError({ SFU_NODES: JSON.stringify([node]) }).message).toMatch(/SFU_SECRET: is required with SFU_NODES/);
    expect(configError({ SFU_NODES: '[{', SFU_SECRET: secret }).message).toMatch(/SFU_NODES: must be JSON/);
    expect(configError({ SFU_NODES: JSON.stringify([{ ...node, region: 'mars-1' }]), SFU_SECRET: secret }).message).toMatch(/SFU_NODES/);
    expect(configError({ SFU_NODES: JSON.stringify([node, node]), SFU_SECRET: secret }).message).toMatch(/node ids must differ/);
    expect(configError({ SFU_NODES: JSON.stringify([{ ...node, url: 'https://sfu.example.com' }]), SFU_SECRET: secret }).message).toMatch(
      /ws:\/\/ or wss:\/\//,
    );
  });
});
