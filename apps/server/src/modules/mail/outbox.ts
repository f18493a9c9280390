import type { Executor } from '../../db/client';
import { startSweep, type Sweep } from '../../lib/sweep';
import type { Mail, MailTransport } from './mailer';
import { insertOutboxMail, trimOutboxMails } from './repository';

/** What the outbox keeps: the mails of the last OUTBOX_KEEP_DAYS days, at most the newest OUTBOX_KEEP_MAILS (SECURITY.md). */
export const OUTBOX_KEEP_DAYS = 7;
export const OUTBOX_KEEP_MAILS = 1000;

/** How often each process trims the outbox, and how long after start the first trim runs. */
const OUTBOX_TRIM_INTERVAL_MS = 3_600_000;
const OUTBOX_TRIM_FIRST_DELAY_MS = 60_000;

/** Delete what the outbox no longer keeps (older than OUTBOX_KEEP_DAYS, beyond the newest OUTBOX_KEEP_MAILS); how many went. */
export function trimOutbox(db: Executor, now = new Date()): Promise<number> {
  return trimOutboxMails(db, new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86_400_000), OUTBOX_KEEP_MAILS);
}

/**
 * Without SMTP_URL: every mail is a row of mail_outbox, which the development page lists
 * (dev-routes.ts). The outbox holds live links (password resets, verifications) and would grow for
 * ever: each process trims it hourly (trimOutbox), until the transport closes.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';
  private readonly trim: Sweep;

  constructor(
    private readonly db: Executor,
    onTrimError: (err: unknown) => void,
  ) {
    this.trim = startSweep(() => trimOutbox(db), onTrimError, { firstDelayMs: OUTBOX_TRIM_FIRST_DELAY_MS, intervalMs: OUTBOX_TRIM_INTERVAL_MS });
  }

  deliver(mail: Mail): Promise<void> {
    return insertOutboxMail(this.db, mail);
  }

  close(): Promise<void> {
    return this.trim.stop();
  }
}
