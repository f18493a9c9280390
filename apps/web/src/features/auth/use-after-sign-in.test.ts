import { describe, expect, it } from 'vitest';
import { staysAfterSignIn } from './use-after-sign-in';

describe('after signing in', () => {
  it('keeps the visitor on invite, template and friend-invite pages', () => {
    expect(staysAfterSignIn('/invite/abcd1234')).toBe(true);
    expect(staysAfterSignIn('/template/xyz')).toBe(true);
    expect(staysAfterSignIn('/friendinvite')).toBe(true);
  });
  it('sends everyone else home', () => {
    expect(staysAfterSignIn('/')).toBe(false);
    expect(staysAfterSignIn('/guidelines')).toBe(false);
  });
});
