import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { resetPasswordFormSchema } from './reset-password-form';

const check = (password: string, confirm: string) => checkValues(resetPasswordFormSchema('token-1'), { password, confirm });

describe('the reset password form schema', () => {
  it('passes a new password of at least 6 characters that the confirmation repeats, and builds the request', () => {
    expect(check('secret1', 'secret1')).toMatchObject({ errors: {}, data: { token: 'token-1', password: 'secret1' } });
  });

  it('needs at least 6 characters and both fields, and the same password twice', () => {
    expect(check('12345', '12345').errors).toEqual({ password: 'errors:password_length' });
    expect(check('', '').errors).toEqual({ password: 'errors:password_length' });
    expect(check('secret1', '').errors).toEqual({ confirm: 'errors:password_mismatch' });
    expect(check('secret1', 'secret2').errors).toEqual({ confirm: 'errors:password_mismatch' });
  });
});
