import { changeEmailSchema, changeSlugSchema, changeUsernameSchema } from '@rally/shared/api/account';
import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { changePasswordFormSchema } from './account-forms';

describe('account forms', () => {
  it('password change: both at least 6, the new one different, the confirmation equal', () => {
    const check = (password: string, newPassword: string, confirm: string) => checkValues(changePasswordFormSchema, { password, newPassword, confirm });
    expect(check('secret1', 'secret2', 'secret2')).toEqual({ data: { oldPassword: 'secret1', newPassword: 'secret2' }, errors: {} });
    expect(check('short', 'secret2', 'secret2').errors).toEqual({ password: 'errors:password_length' });
    expect(check('secret1', 'short', 'short').errors).toEqual({ newPassword: 'errors:password_length' });
    expect(check('secret1', 'secret2', 'secret3').errors).toEqual({ confirm: 'errors:password_mismatch' });
    expect(check('secret1', 'secret1', 'secret1').errors).toEqual({ newPassword: 'errors:password_same' });
  });

  it('username, slug and e-mail use the server’s schemas and messages', () => {
    expect(checkValues(changeUsernameSchema, { username: 'a.b' }).errors).toEqual({ username: 'errors:username_invalid' });
    expect(checkValues(changeUsernameSchema, { username: ' Ada 🎮 ' }).data).toEqual({ username: 'Ada 🎮' });
    expect(checkValues(changeSlugSchema, { slug: 'ab', password: 'secret1' }).errors).toEqual({ slug: 'errors:slug_error_length' });
    expect(checkValues(changeSlugSchema, { slug: 'a_b_c', password: 'secret1' }).errors).toEqual({ slug: 'errors:slug_error_format' });
    expect(checkValues(changeEmailSchema, { email: 'a@b.museum', password: 'secret1' }).errors).toEqual({ email: 'errors:email_invalid' });
    expect(checkValues(changeEmailSchema, { email: 'bob\u200b@example.com', password: 'secret1' }).errors).toEqual({
      email: 'errors:email_invalid_characters',
    });
  });
});
