import type { Db, Tx } from '#db/client.ts';
import { mailOutbox, type MailAttachment } from '#db/schema/index.ts';
import type { RenderedMail } from './mail-template.ts';

/**
 * Queues a mail in the caller's transaction, so it is sent exactly when the change that caused
 * it commits. Delivery happens afterwards (mailer.ts).
 */
export async function queueMail(
  tx: Db | Tx,
  mail: RenderedMail & { to: string; userId?: string | null; attachments?: MailAttachment[] },
): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: mail.to,
    userId: mail.userId ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments ?? [],
  });
}
