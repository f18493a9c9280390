import { describe, expect, it } from 'vitest';
import { isWindows } from './platform';

describe('isWindows', () => {
  it('recognises Windows from the platform or the user agent, and nothing else', () => {
    expect(isWindows({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', platform: 'Win32' })).toBe(true);
    expect(isWindows({ userAgent: 'x', userAgentData: { platform: 'Windows' } })).toBe(true);
    expect(isWindows({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'Linux x86_64' })).toBe(false);
    expect(isWindows({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', platform: 'MacIntel' })).toBe(false);
    expect(isWindows({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', platform: 'iPhone' })).toBe(false);
  });
});
