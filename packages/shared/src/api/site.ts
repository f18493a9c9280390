import { z } from 'zod';
import { LIMITS } from '../limits';
import { emailSchema } from './auth';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';
import { text } from './text';

/**
 * The public pages' content (spec 000 §2): legal texts an operator may replace, the Windows
 * download link, and the security report form.
 */

/** The legal pages, by route (/tos, /privacy, /ss distance sales, /iptal cancellation, …). */
export const LEGAL_PAGES = ['tos', 'privacy', 'ss', 'iptal', 'guidelines', 'jobs', 'contact'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** Any page name is taken: one that is not a LEGAL_PAGES entry is 404 legal_page_not_found, as a missing page would be. */
export const legalParamsSchema = z.object({ page: z.string().max(64) });
export function isLegalPage(page: string): page is LegalPage {
  return (LEGAL_PAGES as readonly string[]).includes(page);
}
export const legalQuerySchema = z.object({ locale: z.enum(['en', 'tr']).default('en') });
/** A legal page as markdown, the operator's name and contacts filled in. */
export const legalResponseSchema = z.object({ success: z.literal(true), page: z.enum(LEGAL_PAGES), locale: z.enum(['en', 'tr']), markdown: z.string() });
export type LegalResponse = z.infer<typeof legalResponseSchema>;

/** GET /api/github/latest/windows: the configured Windows download (404 download_unavailable when none). */
export const downloadResponseSchema = z.object({ success: z.literal(true), url: z.string() });

/** A vulnerability report (the security page's form): where to answer, a title and the details. */
export const securityReportSchema = z.object({
  email: emailSchema,
  title: text({ max: LIMITS.securityReport.titleMax, error: 'security_title_required', tooLong: 'security_title_length' })
    .trim()
    .min(1, 'security_title_required'),
  description: text({
    max: LIMITS.securityReport.descriptionMax,
    multiline: true,
    error: 'security_description_length',
    tooLong: 'security_description_length',
  })
    .trim()
    .min(LIMITS.securityReport.descriptionMin, 'security_description_length'),
  captchaToken: text({ max: LIMITS.captchaToken.max, error: 'captcha_required', tooLong: 'captcha_invalid' }).min(1, 'captcha_required'),
});
export type SecurityReport = z.infer<typeof securityReportSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });

export const legalPageEndpoint = defineEndpoint({
  ...ROUTES.legalPage,
  summary: "A legal page's markdown in English or Turkish, with the operator's name and contacts (404 legal_page_not_found)",
  auth: 'public',
  params: legalParamsSchema,
  query: legalQuerySchema,
  response: legalResponseSchema,
});

export const windowsDownloadEndpoint = defineEndpoint({
  ...ROUTES.windowsDownload,
  summary: 'The URL of the Windows app (DOWNLOAD_WINDOWS_URL; 404 download_unavailable when not configured)',
  auth: 'public',
  response: downloadResponseSchema,
});

export const securityReportEndpoint = defineEndpoint({
  ...ROUTES.securityReport,
  summary: "Send a vulnerability report to the operator's security contact (captcha; counted per address)",
  auth: 'public',
  body: securityReportSchema,
  response: successResponseSchema,
  bodyLimit: BODY_LIMIT.DEFAULT,
  rateLimit: 'securityReport',
});
