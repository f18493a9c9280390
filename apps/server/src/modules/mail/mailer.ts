import type { Database } from '../../db/client';
import type { Config } from '../../env';
import { OutboxTransport } from './outbox';
import { SmtpTransport } from './smtp';

/** One mail, addressed and rendered: a plain-text body and an HTML one of the same content. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: an SMTP server, or the database outbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app's mailer (`app.mailer`). `send` does not wait for delivery, so that a request that mails
 * answers in the same time whether or not a mail went out (and a slow SMTP server does not hold the
 * answer); a failed delivery is logged. `idle` waits for the sends under way (tests, and close).
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly transport: MailTransport,
    private readonly log: { error: (obj: unknown, msg?: string) => void },
  ) {}

  get kind(): MailTransport['kind'] {
    return this.transport.kind;
  }

  send(mail: Mail): void {
    const delivery = this.transport.deliver(mail).then(
      () => {},
      (err: unknown) => this.log.error({ err }, 'mail: delivery failed'),
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    await this.idle();
    await this.transport.close();
  }
}

/** SMTP when SMTP_URL is set, otherwise the outbox table of the app's database. */
export function createMailer(config: Config, db: Database, log: { error: (obj: unknown, msg?: string) => void }): Mailer {
  const transport = config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxTransport(db, (err) => log.error({ err }, 'mail: trimming the outbox failed'));
  return new Mailer(transport, log);
}
