import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { serviceRequests, websiteProjectComments, websiteProjects } from '#db/schema/index.ts';
import {
  contentItems,
  projectStages,
  type AdminProject,
  type Project,
  type ProjectStage,
  type ProjectSummary,
} from '#shared/projects.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { listUploads } from '../uploads/uploads.service.ts';
import { projectStageMail } from './project-mails.ts';

/** What the customer's and the back office's project services share: finding, viewing, moving. */
type Row = typeof websiteProjects.$inferSelect;
type CommentRow = typeof websiteProjectComments.$inferSelect;

export interface ProjectDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
}

const notFound = () => new AppError('NOT_FOUND', { message: 'That project does not exist' });

const contentOf = (row: Row) => ({
  logo: row.content.logo ?? '',
  photos: row.content.photos ?? '',
  pageTexts: row.content.pageTexts ?? '',
  domain: row.content.domain ?? '',
});

export const toSummary = (row: Row): ProjectSummary => ({
  reference: row.reference,
  title: row.title,
  stage: row.stage,
  dueDate: row.dueDates[row.stage] ?? null,
  contentDone: contentItems.filter((item) => (row.content[item] ?? '') !== '').length,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toComment = (row: CommentRow) => ({
  id: row.id,
  author: row.author,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

export async function fullView(tx: Db | Tx, row: Row): Promise<Project> {
  const comments = await tx
    .select()
    .from(websiteProjectComments)
    .where(eq(websiteProjectComments.projectId, row.id))
    .orderBy(asc(websiteProjectComments.createdAt), asc(websiteProjectComments.id));
  return {
    ...toSummary(row),
    dueDates: row.dueDates,
    content: contentOf(row),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    comments: comments.map(toComment),
    files: await listUploads(tx, { projectId: row.id }),
  };
}

export async function adminView(tx: Db | Tx, row: Row): Promise<AdminProject> {
  const [request] = row.serviceRequestId
    ? await tx
        .select({ reference: serviceRequests.reference })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, row.serviceRequestId))
    : [];
  return {
    ...(await fullView(tx, row)),
    name: row.name,
    email: row.email,
    serviceRequestReference: request?.reference ?? null,
  };
}

export async function findOwned(tx: Db | Tx, userId: string, reference: string, lock = false) {
  const query = tx
    .select()
    .from(websiteProjects)
    .where(and(eq(websiteProjects.reference, reference), eq(websiteProjects.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function findByReference(tx: Db | Tx, reference: string, lock = false) {
  const query = tx.select().from(websiteProjects).where(eq(websiteProjects.reference, reference));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const touch = async (
  tx: Tx,
  id: string,
  set: Partial<typeof websiteProjects.$inferInsert> = {},
) => {
  const [row] = await tx
    .update(websiteProjects)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(websiteProjects.id, id))
    .returning();
  return row!;
};

export async function moveStage(
  tx: Tx,
  config: ProjectDeps['config'],
  row: Row,
  stage: ProjectStage,
) {
  // Going back to review (or before) asks for the customer's approval again.
  const before = projectStages.indexOf(stage) <= projectStages.indexOf('review');
  const updated = await touch(tx, row.id, { stage, ...(before ? { approvedAt: null } : {}) });
  if (updated.email) {
    await queueMail(tx, {
      to: updated.email,
      userId: updated.userId,
      ...projectStageMail(config, updated, stage, updated.dueDates[stage] ?? null),
    });
  }
  return updated;
}
