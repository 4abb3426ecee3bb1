import type { Mailer } from '../integrations/mail/mailer.ts';
import type { JobHandler } from './runner.ts';

/** Delivers one outbox mail; SMTP trouble is retried by the queue with back-off. */
export const sendMailJob =
  (mailer: Mailer): JobHandler<'send-mail'> =>
  ({ mailId }, { db, lastAttempt }) =>
    mailer.deliver(db, mailId, { lastAttempt });
