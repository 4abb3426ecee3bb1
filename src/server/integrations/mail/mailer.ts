import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client.ts';
import { mailOutbox, type MailAttachment } from '#db/schema/index.ts';
import { createJobLoop } from '../../lib/job-loop.ts';

const maxAttempts = 5;
const batchSize = 20;
/** A claimed mail is left alone by other processes for this long. */
const claimSeconds = 120;
const retryIntervalMs = 30_000;

export interface Mailer {
  /** Delivers what is due now; safe to call often and from several processes. */
  flush(): Promise<void>;
  /** Asks for a flush without waiting for it (after a request commits). */
  kick(): void;
  close(): Promise<void>;
}

/** Builds an attachment's file when the mail is sent (an invoice PDF from its stored snapshot). */
export type AttachmentBuilder = (
  attachment: MailAttachment,
) => Promise<{ filename: string; content: Buffer; contentType: string }>;

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

/**
 * Delivers the outbox: through SMTP when `smtpUrl` is set, otherwise each mail stays in the table
 * as "stored" and one log line names its recipient and link (the embedded default).
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  buildAttachment?: AttachmentBuilder;
}): Mailer {
  const { db, log } = options;
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;

  async function claimDue() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(mailOutbox.createdAt)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${claimSeconds})`,
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function deliverOne(mail: Awaited<ReturnType<typeof claimDue>>[number]): Promise<void> {
    if (!transport) {
      await db
        .update(mailOutbox)
        .set({ status: 'stored', sentAt: sql`now()` })
        .where(eq(mailOutbox.id, mail.id));
      const link = firstLink(mail.text);
      log.info(`mail stored in outbox for ${mail.to}: ${mail.subject}${link ? ` — ${link}` : ''}`);
      return;
    }
    try {
      const attachments = [];
      for (const attachment of mail.attachments) {
        if (!options.buildAttachment)
          throw new Error(`no builder for ${attachment.kind} attachments`);
        attachments.push(await options.buildAttachment(attachment));
      }
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          // Back off: 1, 2, 4, 8 minutes.
          nextAttemptAt: sql`now() + make_interval(mins => ${2 ** (mail.attempts - 1)})`,
        })
        .where(eq(mailOutbox.id, mail.id));
      log.warn(`mail to ${mail.to} not delivered (attempt ${mail.attempts}): ${message}`);
    }
  }

  const loop = createJobLoop({
    name: 'mail delivery',
    everyMs: retryIntervalMs,
    log,
    async drain(stopping) {
      // A claimed batch is delivered in full, even while closing: nothing waits for its claim.
      for (
        let batch = await claimDue();
        batch.length > 0;
        batch = stopping() ? [] : await claimDue()
      ) {
        for (const mail of batch) await deliverOne(mail);
      }
    },
  });

  return {
    flush: loop.run,
    kick: loop.kick,
    async close() {
      await loop.close();
      transport?.close();
    },
  };
}
