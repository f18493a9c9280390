import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A mail as a real SMTP server received it: the envelope and the raw message. */
export interface CapturedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft line breaks joined (long links read whole). */
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> of the server (set once its beforeAll ran). */
  readonly url: string;
  /** Every mail received so far, in order. */
  readonly mails: CapturedMail[];
}

/**
 * A local SMTP server (smtp-server, no TLS, no authentication) for the file's tests, started in a
 * beforeAll (register it before withTestApp, whose config reads `url`) and stopped after them.
 */
export function withSmtpCapture(): SmtpCapture {
  const mails: CapturedMail[] = [];
  let url = '';
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    get url() {
      return url;
    },
    mails,
  };
}
