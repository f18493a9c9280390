import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../env';
import { requestClientAddress } from '../../http/client-address';
import { isLoopbackAddress } from '../../http/trusted-proxy';
import { notFound } from '../../lib/errors';
import { escapeHtml } from './html';
import { listOutboxMails, type OutboxEntry } from './repository';

export const OUTBOX_PATH = '/dev/outbox';

/** How many mails the outbox page shows (the newest). */
const OUTBOX_PAGE_SIZE = 50;

/**
 * Whether this request may read the outbox. The outbox holds live password reset links, so it is
 * never public by default: DEV_PAGES unset serves it to loopback visitors only (a laptop's own
 * browser; behind a trusted proxy the forwarded client address counts), true to everyone, false to
 * nobody.
 */
export function outboxReadable(config: Config, request: FastifyRequest): boolean {
  if (config.DEV_PAGES !== undefined) return config.DEV_PAGES;
  return isLoopbackAddress(requestClientAddress(config, request));
}

/** URLs in a mail's text become links; everything else is escaped. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function renderMail(mail: OutboxEntry): string {
  return [
    `<article aria-labelledby="mail-${mail.id}">`,
    `<h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>`,
    `<p>To: <span class="to">${escapeHtml(mail.to)}</span> · <time datetime="${mail.createdAt.toISOString()}">${mail.createdAt.toISOString()}</time></p>`,
    `<pre>${linkify(mail.text)}</pre>`,
    '</article>',
  ].join('\n');
}

/** A plain page (no script, no inline style: the CSP applies here too). */
function renderOutbox(mails: OutboxEntry[]): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Rally — mail outbox</title></head><body>',
    '<h1>Mail outbox</h1>',
    `<p>Mails Rally would have sent: no SMTP_URL is set. The newest ${OUTBOX_PAGE_SIZE}, newest first.</p>`,
    mails.length === 0 ? '<p>No mail yet.</p>' : mails.map(renderMail).join('\n<hr>\n'),
    '</body></html>',
  ].join('\n');
}

/**
 * The development outbox page, registered only while mail goes to the outbox (no SMTP_URL) and
 * DEV_PAGES is not false. Anyone it is not for gets the API's 404.
 */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  if (app.mailer.kind !== 'outbox' || app.config.DEV_PAGES === false) return;
  app.get(OUTBOX_PATH, async (request, reply) => {
    if (!outboxReadable(app.config, request)) throw notFound();
    const mails = await listOutboxMails(app.db, OUTBOX_PAGE_SIZE);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return renderOutbox(mails);
  });
}
