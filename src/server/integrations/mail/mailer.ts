import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client.ts';
import { mailOutbox, type MailAttachment } from '#db/schema/index.ts';
import { observeCall, type ClassifyError } from '../../features/metrics/observe-port.ts';
import { mintMailLink } from './mail-links.ts';

/**
 * An SMTP answer of 5xx (a recipient or sender refused, the login rejected) will be the same next
 * time; anything else (no connection, a timeout, 4xx) may not.
 */
const smtpFailure: ClassifyError = (error) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 ? 'refused' : 'unavailable';
};

export interface Mailer {
  /**
   * Delivers one outbox mail (the send-mail job). Throws when SMTP fails, so the job queue tries
   * again later; on the last try the mail is marked failed.
   */
  deliver(db: Db, mailId: string, options: { lastAttempt: boolean }): Promise<void>;
  close(): void;
}

/** Builds an attachment's file when the mail is sent (an invoice PDF from its stored snapshot). */
export type AttachmentBuilder = (
  attachment: MailAttachment,
) => Promise<{ filename: string; content: Buffer; contentType: string }>;

/**
 * Delivers the outbox: through SMTP when `smtpUrl` is set, its link's token minted as it goes;
 * otherwise each mail stays in the table as "stored" (its link without a token) and one log line
 * names its recipient.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  buildAttachment?: AttachmentBuilder;
}): Mailer {
  const { log, smtpUrl } = options;
  // nodemailer (about 20 MB) loads with the first mail this process sends, not at start.
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));

  return {
    async deliver(db, mailId, { lastAttempt }) {
      const [mail] = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, mailId))
        .returning();
      // Deleted with its account, or already out: nothing to do.
      if (!mail || mail.status === 'sent' || mail.status === 'stored') return;
      if (!smtpUrl) {
        await db
          .update(mailOutbox)
          .set({ status: 'stored', sentAt: sql`now()` })
          .where(eq(mailOutbox.id, mail.id));
        log.info(`mail stored in outbox for ${mail.to}: ${mail.subject}`);
        return;
      }
      try {
        const attachments: Awaited<ReturnType<AttachmentBuilder>>[] = [];
        for (const attachment of mail.attachments) {
          if (!options.buildAttachment)
            throw new Error(`no builder for ${attachment.kind} attachments`);
          attachments.push(await options.buildAttachment(attachment));
        }
        const { text, html } = await mintMailLink(db, mail);
        const transporter = await smtp(smtpUrl);
        // The one call to the mail server, counted for the metrics (sebenza_integration_*).
        await observeCall('mail', 'send', smtpFailure, () =>
          transporter.sendMail({
            from: options.from,
            to: mail.to,
            subject: mail.subject,
            text,
            html,
            attachments,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            ...(mail.headers
              ? {
                  messageId: mail.headers.messageId,
                  inReplyTo: mail.headers.inReplyTo,
                  references: mail.headers.references,
                  headers: {
                    // RFC 3834: auto-responders and our own receiver leave such mail unanswered.
                    ...(mail.headers.autoSubmitted
                      ? { 'Auto-Submitted': mail.headers.autoSubmitted }
                      : {}),
                    // RFC 8058: the mail program's own "unsubscribe" posts to it, one click.
                    ...(mail.headers.listUnsubscribe
                      ? {
                          'List-Unsubscribe': `<${mail.headers.listUnsubscribe}>`,
                          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                        }
                      : {}),
                  },
                }
              : {}),
          }),
        );
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(eq(mailOutbox.id, mail.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({ status: lastAttempt ? 'failed' : 'pending', lastError: message.slice(0, 500) })
          .where(eq(mailOutbox.id, mail.id));
        throw error;
      }
    },
    close() {
      void transport?.then((open) => open.close());
    },
  };
}
