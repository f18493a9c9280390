import { securityReportSchema } from '@rally/shared/api/site';
import { requestForm } from '../../lib/form/request-form';

export interface SecurityReportValues {
  email: string;
  title: string;
  description: string;
  captchaToken: string | null;
}

export const EMPTY_SECURITY_REPORT: SecurityReportValues = { email: '', title: '', description: '', captchaToken: null };

export const SECURITY_REPORT_FIELDS = ['email', 'title', 'description', 'captchaToken'] as const;

/** The security report form: the request schema the server checks (lengths, e-mail, captcha). */
export const securityReportFormSchema = requestForm(securityReportSchema, (v: SecurityReportValues) => ({ ...v, captchaToken: v.captchaToken ?? '' }));
