import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { backupCodesFile, stepUpFormSchema, verifyFormSchema } from './step-up-form';

describe('the 2FA code forms', () => {
  it('takes exactly 6 digits as an app code', () => {
    expect(checkValues(stepUpFormSchema('app'), { twoFactorCode: ' 123456 ' }).data).toEqual({ twoFactorCode: '123456', twoFactorType: 'app' });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const { data, errors } = checkValues(stepUpFormSchema('app'), { twoFactorCode: code });
      expect(data).toBeNull();
      expect(errors).toEqual({ twoFactorCode: 'errors:two_factor_code_required' });
    }
  });

  it('takes a backup code with or without dashes, in any case, and sends it normalised', () => {
    for (const code of ['abcd-efgh-1234', 'ABCDEFGH1234', ' abcd efgh 1234 ']) {
      expect(checkValues(stepUpFormSchema('backup'), { twoFactorCode: code }).data).toEqual({ twoFactorCode: 'abcdefgh1234', twoFactorType: 'backup' });
    }
    const { data, errors } = checkValues(stepUpFormSchema('backup'), { twoFactorCode: 'abcd-efgh-123' });
    expect(data).toBeNull();
    expect(errors).toEqual({ twoFactorCode: 'errors:two_factor_invalid_backup_code' });
  });

  it('checks the setup code as the verify request', () => {
    expect(checkValues(verifyFormSchema, { code: '654321' }).data).toEqual({ code: '654321' });
    expect(checkValues(verifyFormSchema, { code: '65432' }).errors).toEqual({ code: 'errors:two_factor_code_required' });
  });

  it('writes the backup codes file one code a line', () => {
    expect(backupCodesFile(['aaaa-bbbb-cccc', 'dddd-eeee-ffff'], 'Rally backup codes')).toBe('Rally backup codes\n\naaaa-bbbb-cccc\ndddd-eeee-ffff\n');
  });
});
