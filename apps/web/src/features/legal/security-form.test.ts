import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import { EMPTY_SECURITY_REPORT, securityReportFormSchema } from './security-form';

describe('security report form', () => {
  it('needs an e-mail, a title, a description of 20 characters or more and the captcha', () => {
    const empty = checkValues(securityReportFormSchema, EMPTY_SECURITY_REPORT);
    expect(empty.data).toBeNull();
    expect(empty.errors).toMatchObject({
      email: 'errors:email_invalid',
      title: 'errors:security_title_required',
      description: 'errors:security_description_length',
      captchaToken: 'errors:captcha_required',
    });
    const ok = checkValues(securityReportFormSchema, {
      email: ' finder@example.test ',
      title: 'XSS',
      description: 'A description long enough to send.',
      captchaToken: 'token',
    });
    expect(ok.data).toEqual({ email: 'finder@example.test', title: 'XSS', description: 'A description long enough to send.', captchaToken: 'token' });
  });
});
