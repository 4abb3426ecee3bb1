/**
 * Announcements (issue 32 §3): news the team writes in Markdown, shown between its start and end
 * on the dashboard and at /help/announcements, and mailed to customers when asked (the
 * `announcement-mailing` job, announcement-mailing.ts). Every change is audited.
 */
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { announcementMails, announcements, jobs } from '#db/schema/index.ts';
import type {
  Announcement,
  AnnouncementDeleted,
  AnnouncementValues,
  MailingState,
  PublicAnnouncement,
} from '#shared/announcements.schemas.ts';
import { markdownToSafeHtml } from '../../lib/markdown.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { scheduleAnnouncementMailing } from './announcement-mailing.ts';

type Row = typeof announcements.$inferSelect;

interface Editor {
  admin: { id: string; email: string };
  ip: string;
}

const toPublic = (row: Row): PublicAnnouncement => ({
  id: row.id,
  title: row.title,
  kind: row.kind,
  bodyHtml: row.bodyHtml,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
});

const notFound = () => new AppError('NOT_FOUND', { message: 'That announcement does not exist' });

const entity = (row: Row) => ({ entityType: 'announcement', entityId: row.id });

/** What customers see at `now`: started, not yet ended, the newest start first. */
export async function listCurrentAnnouncements(db: Db, now: Date): Promise<PublicAnnouncement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ),
    )
    .orderBy(desc(announcements.startsAt), desc(announcements.createdAt));
  return rows.map(toPublic);
}

/** How many customers each announcement was mailed to, and which still have a mailing run to come. */
async function mailingsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return { mailed: new Map<string, number>(), running: new Set<string>() };
  const [mailed, running] = await Promise.all([
    db
      .select({ id: announcementMails.announcementId, mailed: count() })
      .from(announcementMails)
      .where(inArray(announcementMails.announcementId, ids))
      .groupBy(announcementMails.announcementId),
    db
      .select({ id: sql<string>`${jobs.payload}->>'announcementId'` })
      .from(jobs)
      .where(
        and(
          eq(jobs.name, 'announcement-mailing'),
          inArray(jobs.status, ['queued', 'running']),
          inArray(sql`${jobs.payload}->>'announcementId'`, ids),
        ),
      ),
  ]);
  return {
    mailed: new Map(mailed.map((row) => [row.id, row.mailed])),
    running: new Set(running.map((row) => row.id)),
  };
}

function mailingState(row: Row, running: boolean): MailingState {
  if (!row.mailCustomers && !row.mailQueuedAt) return 'off';
  if (!row.mailQueuedAt) return 'scheduled';
  return running ? 'mailing' : 'mailed';
}

const toAnnouncement = (row: Row, mailed: number, running: boolean): Announcement => ({
  ...toPublic(row),
  bodyMarkdown: row.bodyMarkdown,
  mailCustomers: row.mailCustomers,
  mailing: { state: mailingState(row, running), mailed },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every announcement for the back office: scheduled, current and past, the latest start first. */
export async function listAnnouncements(db: Db): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.startsAt), desc(announcements.createdAt));
  const { mailed, running } = await mailingsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAnnouncement(row, mailed.get(row.id) ?? 0, running.has(row.id)));
}

async function announcementOf(db: Db, row: Row): Promise<Announcement> {
  const { mailed, running } = await mailingsOf(db, [row.id]);
  return toAnnouncement(row, mailed.get(row.id) ?? 0, running.has(row.id));
}

const columnsOf = (values: AnnouncementValues) => ({
  title: values.title,
  kind: values.kind,
  bodyMarkdown: values.bodyMarkdown,
  // Made once on save, so no page read parses Markdown.
  bodyHtml: markdownToSafeHtml(values.bodyMarkdown),
  startsAt: values.startsAt,
  endsAt: values.endsAt,
  mailCustomers: values.mailCustomers,
});

/** A mailing asked for and not yet begun is queued for the start (at once when it has come). */
async function queueMailingOf(tx: Tx, row: Row, now: Date): Promise<void> {
  if (row.mailCustomers && !row.mailQueuedAt) await scheduleAnnouncementMailing(tx, row, now);
}

export async function createAnnouncement(
  db: Db,
  input: Editor & { values: AnnouncementValues; now: Date },
): Promise<Announcement> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({ ...columnsOf(input.values), createdByAdminId: input.admin.id })
      .returning();
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'announcement.created',
      ...entity(created!),
      details: detailsOf(created!),
      ip: input.ip,
    });
    await queueMailingOf(tx, created!, input.now);
    return created!;
  });
  return announcementOf(db, row);
}

const detailsOf = (row: Row) => ({
  title: row.title,
  kind: row.kind,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  mailCustomers: row.mailCustomers,
});

/**
 * Replaces an announcement's fields. A mailing already begun goes on as it was: unticking "mail
 * it" then stops what is left of it, and ticking it again does not mail anyone twice.
 */
export async function updateAnnouncement(
  db: Db,
  input: Editor & { id: string; values: AnnouncementValues; now: Date },
): Promise<Announcement> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(announcements)
      .set({ ...columnsOf(input.values), updatedAt: sql`now()` })
      .where(eq(announcements.id, input.id))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'announcement.updated',
      ...entity(updated),
      details: detailsOf(updated),
      ip: input.ip,
    });
    await queueMailingOf(tx, updated, input.now);
    return updated;
  });
  return announcementOf(db, row);
}

export async function deleteAnnouncement(
  db: Db,
  input: Editor & { id: string },
): Promise<AnnouncementDeleted> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(announcements).where(eq(announcements.id, input.id)).returning();
    if (!row) throw notFound();
    // The text goes with the row: the audit keeps it.
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'announcement.deleted',
      ...entity(row),
      details: { ...detailsOf(row), bodyMarkdown: row.bodyMarkdown },
      ip: input.ip,
    });
    return { id: row.id, title: row.title };
  });
}
