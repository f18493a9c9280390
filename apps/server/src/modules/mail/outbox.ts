import type { Executor } from '../../db/client';
import type { Mail, MailTransport } from './mailer';
import { insertOutboxMail } from './repository';

/** Without SMTP_URL: every mail is a row of mail_outbox, which the development page lists (dev-routes.ts). */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';

  constructor(private readonly db: Executor) {}

  deliver(mail: Mail): Promise<void> {
    return insertOutboxMail(this.db, mail);
  }

  async close(): Promise<void> {}
}
