import type { FastifyInstance } from 'fastify';
import { isLegalPage, legalPageEndpoint, securityReportEndpoint, windowsDownloadEndpoint } from '@rally/shared/api/site';
import { requestClientAddress } from '../../http/client-address';
import { addEndpoint } from '../../http/endpoint';
import { notFound } from '../../lib/errors';
import { legalPage } from './legal';
import { sendSecurityReport } from './security-report';

/** The public pages' content: legal texts, the Windows download, the security report form (spec 000 §2). */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, legalPageEndpoint, async ({ params, query, reply }) => {
    const { page } = params;
    if (!isLegalPage(page)) throw notFound('legal_page_not_found');
    reply.header('cache-control', 'public, max-age=300');
    return { success: true as const, page, locale: query.locale, markdown: await legalPage(app.config, page, query.locale) };
  });

  addEndpoint(app, windowsDownloadEndpoint, () => {
    if (!app.config.DOWNLOAD_WINDOWS_URL) throw notFound('download_unavailable');
    return { success: true as const, url: app.config.DOWNLOAD_WINDOWS_URL };
  });

  addEndpoint(app, securityReportEndpoint, async ({ request, userId, body }) => {
    await sendSecurityReport({ db: app.db, config: app.config, secret: app.secret, mailer: app.mailer }, body, {
      address: requestClientAddress(app.config, request),
      userId,
    });
    return { success: true as const };
  });
}
