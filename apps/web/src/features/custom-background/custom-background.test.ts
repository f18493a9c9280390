import { describe, expect, it } from 'vitest';
import { backgroundImageOf, CUSTOM_BACKGROUND_DEFAULTS, parseCustomBackground } from './custom-background';

describe('parseCustomBackground', () => {
  it('takes a stored image and its switch', () => {
    expect(parseCustomBackground({ enabled: true, url: '/uploads/customBackground/1.png' })).toEqual({ enabled: true, url: '/uploads/customBackground/1.png' });
    expect(parseCustomBackground({ enabled: false, url: 'https://cdn.example/customBackground/2.jpg' })).toEqual({
      enabled: false,
      url: 'https://cdn.example/customBackground/2.jpg',
    });
  });

  it('ignores what is not an image address of ours or of http(s), and is off without an image', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AA', 42, null]) {
      expect(parseCustomBackground({ enabled: true, url }), String(url)).toEqual(CUSTOM_BACKGROUND_DEFAULTS);
    }
    expect(parseCustomBackground('not an object')).toEqual(CUSTOM_BACKGROUND_DEFAULTS);
  });
});

describe('backgroundImageOf', () => {
  it('is the image under a veil while on, nothing while off', () => {
    expect(backgroundImageOf({ enabled: true, url: '/uploads/customBackground/1.png' })).toMatch(
      /^linear-gradient\(.+\), url\("\/uploads\/customBackground\/1\.png"\)$/,
    );
    expect(backgroundImageOf({ enabled: false, url: '/uploads/customBackground/1.png' })).toBeUndefined();
    expect(backgroundImageOf({ enabled: true, url: null })).toBeUndefined();
  });

  it('cannot be broken out of by quotes in the address', () => {
    expect(backgroundImageOf({ enabled: true, url: '/a")x;("' })).toContain('url("/a%22)x;(%22")');
  });
});
