/**
 * The mailing of an announcement (issue 32 §3), as a chain of `announcement-mailing` jobs: each
 * run mails one batch of customers and queues the next a minute later while customers remain.
 * Every customer mailed gets an `announcement_mails` row in the same transaction as their mail;
 * its primary key makes a repeated run, or two runs at once, mail nobody twice.
 */
import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { announcementMails, announcements, users } from '#db/schema/index.ts';
import type { Config } from '../../config.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { announcementMail } from './announcement-mails.ts';
import {
  unsubscribeApiUrl,
  unsubscribePageUrl,
  type UnsubscribeTokens,
} from './marketing-unsubscribe.ts';

/**
 * Customers mailed per run: 50 mails a minute (3 000 an hour) stays well inside what shared SMTP
 * relays allow before they throttle or flag a sender, and keeps each run's transaction short.
 */
export const mailingBatchSize = 50;
/** Seconds between two batches of one mailing. */
export const mailingBatchDelaySeconds = 60;

type Announcement = typeof announcements.$inferSelect;

export interface MailingDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
  tokens: UnsubscribeTokens;
}

/**
 * Queues the run of one mailing at `runAt`. The key names the time, so saving an announcement
 * twice queues one run, while the chain's next run (another time) is never swallowed by the run
 * that queues it.
 */
const queueRun = (tx: Db | Tx, announcementId: string, runAt: Date) =>
  enqueueJob(
    tx,
    'announcement-mailing',
    { announcementId },
    { key: `announcement-mailing:${announcementId}:${runAt.toISOString()}`, runAt },
  );

/** Queues a mailing for the announcement's start, or at once when it has started. */
export const scheduleAnnouncementMailing = (
  tx: Db | Tx,
  announcement: Pick<Announcement, 'id' | 'startsAt'>,
  now: Date,
) =>
  queueRun(
    tx,
    announcement.id,
    announcement.startsAt.getTime() > now.getTime() ? announcement.startsAt : now,
  );

interface Recipient {
  id: string;
  email: string;
  fullName: string;
}

/** One customer's mail of the announcement; news and offers carry the unsubscribe link and headers. */
function mailTo(deps: MailingDeps, announcement: Announcement, user: Recipient) {
  const { publicUrl } = deps.config;
  const token = announcement.kind === 'marketing' ? deps.tokens.tokenFor(user.id) : null;
  const mail = announcementMail(deps.config, {
    title: announcement.title,
    bodyMarkdown: announcement.bodyMarkdown,
    name: user.fullName,
    unsubscribeUrl: token ? unsubscribePageUrl(publicUrl, token) : undefined,
  });
  return {
    ...mail,
    to: user.email,
    userId: user.id,
    ...(token
      ? {
          headers: {
            messageId: `<announcement.${announcement.id}.${user.id}@${new URL(publicUrl).hostname}>`,
            listUnsubscribe: unsubscribeApiUrl(publicUrl, token),
          },
        }
      : {}),
  };
}

export type MailingOutcome =
  { outcome: 'skipped'; reason: string } | { outcome: 'mailed'; mailed: number; more: boolean };

/**
 * One run of a mailing: up to `mailingBatchSize` customers with a confirmed address and an
 * account not deleted, not mailed this announcement yet and — for news and offers — not
 * unsubscribed, each mailed in one transaction with their row; then the next run is queued
 * while the batch was full.
 */
export async function runAnnouncementMailing(
  deps: MailingDeps,
  announcementId: string,
  now: Date,
): Promise<MailingOutcome> {
  return deps.db.transaction(async (tx) => {
    const [announcement] = await tx
      .select()
      .from(announcements)
      .where(eq(announcements.id, announcementId));
    if (!announcement) return { outcome: 'skipped', reason: 'deleted' };
    if (!announcement.mailCustomers) return { outcome: 'skipped', reason: 'not to be mailed' };
    // Its start moved later after this run was queued: the run queued for the new start mails it.
    if (announcement.startsAt.getTime() > now.getTime()) {
      return { outcome: 'skipped', reason: 'not started' };
    }
    if (!announcement.mailQueuedAt) {
      if (announcement.endsAt && announcement.endsAt.getTime() <= now.getTime()) {
        return { outcome: 'skipped', reason: 'ended before its mailing began' };
      }
      await tx
        .update(announcements)
        .set({ mailQueuedAt: now })
        .where(and(eq(announcements.id, announcementId), isNull(announcements.mailQueuedAt)));
    }

    const recipients = await tx
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .where(
        and(
          isNotNull(users.emailVerifiedAt),
          isNull(users.deletedAt),
          announcement.kind === 'marketing' ? isNull(users.marketingOptOutAt) : undefined,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(announcementMails)
              .where(
                and(
                  eq(announcementMails.announcementId, announcementId),
                  eq(announcementMails.userId, users.id),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(mailingBatchSize);
    if (recipients.length === 0) return { outcome: 'mailed', mailed: 0, more: false };

    // A run racing this one may have taken some of them: only the rows this insert made are ours.
    const claimed = await tx
      .insert(announcementMails)
      .values(recipients.map((user) => ({ announcementId, userId: user.id, queuedAt: now })))
      .onConflictDoNothing()
      .returning({ userId: announcementMails.userId });
    const ours = new Set(claimed.map((row) => row.userId));
    for (const user of recipients.filter((recipient) => ours.has(recipient.id))) {
      await queueMail(tx, mailTo(deps, announcement, user));
    }
    const more = recipients.length === mailingBatchSize;
    if (more) {
      await queueRun(tx, announcementId, new Date(now.getTime() + mailingBatchDelaySeconds * 1000));
    }
    return { outcome: 'mailed', mailed: ours.size, more };
  });
}
