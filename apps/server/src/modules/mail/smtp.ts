import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, MailTransport } from './mailer';

/** Mail through nodemailer to the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async deliver(mail: Mail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
