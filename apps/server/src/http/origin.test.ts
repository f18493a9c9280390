import { describe, expect, it } from 'vitest';
import { isOwnOrigin } from './origin';

describe('isOwnOrigin', () => {
  const config = { PUBLIC_URL: 'https://rally.example.com/app/' };

  it("accepts PUBLIC_URL's origin, with or without a Host", () => {
    expect(isOwnOrigin(config, 'https://rally.example.com', undefined)).toBe(true);
    expect(isOwnOrigin(config, 'https://rally.example.com', 'internal:3000')).toBe(true);
    expect(isOwnOrigin({ PUBLIC_URL: 'https://rally.example.com:443' }, 'https://rally.example.com', undefined)).toBe(true);
  });

  it('accepts the Host the request was sent to, over http or https', () => {
    expect(isOwnOrigin(config, 'http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(isOwnOrigin(config, 'https://localhost:3000', 'localhost:3000')).toBe(true);
  });

  it('refuses every other origin', () => {
    for (const origin of [
      'https://evil.example',
      'http://rally.example.com',
      'https://rally.example.com.evil.example',
      'https://rally.example.com:8443',
      'null',
      '',
    ]) {
      expect(isOwnOrigin(config, origin, 'localhost:3000'), origin).toBe(false);
    }
    expect(isOwnOrigin(config, 'http://localhost:3001', 'localhost:3000')).toBe(false);
    expect(isOwnOrigin(config, 'ws://localhost:3000', 'localhost:3000')).toBe(false);
    // Without a Host (or with an empty one) only PUBLIC_URL's origin is ours.
    expect(isOwnOrigin(config, 'http://', '')).toBe(false);
    expect(isOwnOrigin(config, 'http://localhost:3000', undefined)).toBe(false);
  });
});
