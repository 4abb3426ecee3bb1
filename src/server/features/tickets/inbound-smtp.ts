/**
 * The SMTP way in for ticket mail (INBOUND_SMTP_PORT): the MX, or a relay in front of it, hands
 * mail for the support address to this receiver. It takes mail for that address only (never a
 * relay), in a size limit, at a bounded rate per sender and per client, and every refusal is a
 * proper SMTP answer: 5xx for what will never pass, 4xx for what may pass later.
 */
import type { SMTPServer, SMTPServerAddress, SMTPServerSession } from 'smtp-server';
import type { AppInstance } from '../../app-instance.ts';
import { createTicketThreads } from './ticket-mail-thread.ts';
import { MailRefusal, receiveTicketMail } from './ticket-mail-in.service.ts';
import type { TicketDeps } from './tickets.service.ts';

/** Mails one sender, or one client address, may hand in per hour. */
const perHour = 60;
const hourMs = 60 * 60 * 1000;

/** Counts per key in the current hour; the counts start again each hour. */
function hourlyCounter(now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return (key: string): boolean => {
    if (now() - windowStart >= hourMs) {
      windowStart = now();
      counts = new Map();
    }
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next <= perHour;
  };
}

const refusal = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

type Done = (error?: Error | null) => void;

/** Builds the receiver (not listening yet); mailparser and smtp-server load only when used. */
async function createReceiver(
  deps: TicketDeps,
  options: { maxBytes: number; log: AppInstance['log'] },
): Promise<SMTPServer> {
  const [{ SMTPServer: Server }, { simpleParser }] = await Promise.all([
    import('smtp-server'),
    import('mailparser'),
  ]);
  const allowSender = hourlyCounter();
  const allowClient = hourlyCounter();
  const { threads } = deps;

  return new Server({
    name: new URL(deps.config.publicUrl).hostname,
    banner: 'support mail',
    // Plain SMTP behind the MX or a relay: no login, no TLS of its own.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: options.maxBytes,
    rejectOversized: true,
    maxClients: 50,
    maxRecipients: 10,
    socketTimeout: 60_000,
    closeTimeout: 10_000,
    onMailFrom(address: SMTPServerAddress, session: SMTPServerSession, done: Done) {
      if (!allowClient(session.remoteAddress)) {
        return done(refusal(421, '4.7.0 Too many messages from your address; try again later'));
      }
      if (address.address !== '' && !allowSender(address.address.toLowerCase())) {
        return done(refusal(450, '4.7.1 Too many messages from this sender; try again later'));
      }
      done();
    },
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, done: Done) {
      if (!threads.isOurs(address.address)) {
        return done(
          refusal(550, '5.1.1 No such mailbox here: this server takes support mail only'),
        );
      }
      if (
        !threads.isSupportAddress(address.address) &&
        !threads.referenceOfAddress(address.address)
      ) {
        return done(refusal(550, '5.1.1 That reply address is not valid'));
      }
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', (error: Error) => done(error));
      stream.on('end', () => {
        // rejectOversized answers 552 itself; the partial mail is not read.
        if (stream.sizeExceeded) return done(refusal(552, '5.3.4 The message is too large'));
        const { mailFrom, rcptTo } = session.envelope;
        simpleParser(Buffer.concat(chunks), { skipTextToHtml: true, keepCidLinks: true })
          // A mail that cannot be read now never will be: refused, not retried.
          .catch(() => {
            throw new MailRefusal(550, '5.6.0 The message could not be read');
          })
          .then((parsed) =>
            receiveTicketMail(deps, {
              envelopeFrom: mailFrom ? mailFrom.address : '',
              recipients: rcptTo.map((to) => to.address),
              parsed,
            }),
          )
          .then((result) => {
            options.log.info(
              { mail: result, sender: mailFrom ? mailFrom.address : '' },
              'support mail received',
            );
            done();
          })
          .catch((error: unknown) => {
            if (error instanceof MailRefusal)
              return done(refusal(error.responseCode, error.message));
            // Our fault (the database, a bug): the sender's server keeps the mail and tries again.
            options.log.error({ err: error }, 'support mail not taken in');
            done(refusal(451, '4.3.0 The message could not be taken in now; try again later'));
          });
      });
    },
  });
}

/**
 * Starts the receiver with the app when INBOUND_SMTP_PORT is set, and stops it with the app.
 */
export function registerInboundSmtp(app: AppInstance): void {
  const inbound = app.config.ticketMail.inbound;
  if (!inbound) return;
  const deps: TicketDeps = {
    db: app.database.db,
    config: app.config,
    threads: createTicketThreads(app.config, app.secretBox),
  };
  let receiver: SMTPServer | undefined;
  app.addHook('onReady', async () => {
    receiver = await createReceiver(deps, { maxBytes: inbound.maxBytes, log: app.log });
    const listening = receiver;
    await new Promise<void>((resolve, reject) => {
      listening.server.once('error', reject);
      listening.listen(inbound.port, inbound.host, () => {
        listening.server.off('error', reject);
        resolve();
      });
    });
    // A broken connection is the client's problem, never the app's.
    listening.on('error', (error) => app.log.warn({ err: error }, 'support mail connection error'));
    app.log.info(
      `Support mail (SMTP) received on ${inbound.host}:${inbound.port} for ${app.config.ticketMail.replyAddress}`,
    );
  });
  app.addHook('onClose', async () => {
    const open = receiver;
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
  });
}
