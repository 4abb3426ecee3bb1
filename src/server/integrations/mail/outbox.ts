import type { Db, Tx } from '#db/client.ts';
import {
  mailOutbox,
  type MailAttachment,
  type MailHeaders,
  type MailLinkToken,
} from '#db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { inOwnersWords } from './mail-settings.ts';
import type { RenderedMail } from './mail-template.ts';

/**
 * Queues a mail in the caller's transaction, so it is sent exactly when the change that caused
 * it commits: the outbox row and its send-mail job are written together.
 */
export async function queueMail(
  tx: Db | Tx,
  mail: RenderedMail & {
    to: string;
    userId?: string | null;
    attachments?: MailAttachment[];
    /** The row whose token the mail's link carries, minted on delivery (see mail-links.ts). */
    linkToken?: MailLinkToken;
    /** Where an answer goes, and the thread the mail belongs to (ticket mails). */
    replyTo?: string;
    headers?: MailHeaders;
  },
): Promise<void> {
  // A savepoint inside the caller's transaction, or a transaction of its own when given the pool.
  await tx.transaction(async (inner) => {
    const { subject, text, html } = await inOwnersWords(inner, mail);
    const [row] = await inner
      .insert(mailOutbox)
      .values({
        to: mail.to,
        userId: mail.userId ?? null,
        subject,
        text,
        html,
        attachments: mail.attachments ?? [],
        linkToken: mail.linkToken ?? null,
        replyTo: mail.replyTo ?? null,
        headers: mail.headers ?? null,
      })
      .returning({ id: mailOutbox.id });
    await enqueueJob(inner, 'send-mail', { mailId: row!.id });
  });
}
