import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Every header, by lower-case name, as mailparser reads it (Reply-To, Message-ID, …). */
  headers: Map<string, unknown>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: the other end of the mailer's
 * SMTP exchange in tests.
 */
export async function startSmtpCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
            headers: parsed.headers,
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  /** Waits (up to `timeoutMs`) for a mail to `to` whose subject contains `subject`. */
  async function waitFor(to: string, subject: string, timeoutMs = 10_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.findLast((m) => m.to.includes(to) && m.subject.includes(subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}" arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
