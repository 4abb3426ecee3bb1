import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { serviceRequests, websiteProjectComments, websiteProjects } from '#db/schema/index.ts';
import {
  contentItemLabels,
  contentItems,
  customBuildDeliveryDays,
  projectDueDates,
  type ContentItem,
  projectStages,
  type AdminProject,
  type AdminProjectSummary,
  type Project,
  type ProjectContentInput,
  type ProjectStage,
  type ProjectSummary,
} from '#shared/projects.schemas.ts';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { saToday } from '#shared/dates.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { newReference } from '../../lib/references.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { packageDeliveryDays } from '../catalogue/catalogue.service.ts';
import { projectStageMail, projectToStaffMail, staffCommentMail } from './project-mails.ts';
import { listUploads, sendUpload, storeUpload } from '../uploads/uploads.service.ts';

type Row = typeof websiteProjects.$inferSelect;
type CommentRow = typeof websiteProjectComments.$inferSelect;

export interface ProjectDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

interface StaffMember {
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

const toSummary = (row: Row): ProjectSummary => ({
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

async function fullView(tx: Db | Tx, row: Row): Promise<Project> {
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

async function adminView(tx: Db | Tx, row: Row): Promise<AdminProject> {
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

/**
 * A project for a won website request (a paid package, or one an administrator marked won), in
 * the caller's transaction, with the customer's first stage e-mail. Once per request. Its stages
 * are due within the package's delivery time in business days from today; what the order already
 * knows (the domain bought with it) is filled in.
 */
export async function createProject(
  tx: Tx | Db,
  config: ProjectDeps['config'],
  input: {
    serviceRequestId: string;
    userId: string | null;
    packageId: string | null;
    title: string;
    name: string;
    email: string;
    domain?: string | undefined;
  },
): Promise<void> {
  const [existing] = await tx
    .select({ id: websiteProjects.id })
    .from(websiteProjects)
    .where(eq(websiteProjects.serviceRequestId, input.serviceRequestId));
  if (existing) return;
  const { domain, ...project } = input;
  const deliveryDays =
    (project.packageId && (await packageDeliveryDays(tx, project.packageId))) ||
    customBuildDeliveryDays;
  const dueDates = projectDueDates(saToday(), deliveryDays);
  const [row] = await tx
    .insert(websiteProjects)
    .values({
      reference: newReference('P', 6),
      ...project,
      dueDates,
      content: domain ? { domain } : {},
    })
    .returning();
  if (row!.email) {
    await queueMail(tx, {
      to: row!.email,
      userId: row!.userId,
      ...projectStageMail(config, row!, 'brief', dueDates.brief),
    });
  }
}

/** The customer's projects, most recently active first. */
export async function listCustomerProjects(db: Db, userId: string): Promise<ProjectSummary[]> {
  const rows = await db
    .select()
    .from(websiteProjects)
    .where(eq(websiteProjects.userId, userId))
    .orderBy(desc(websiteProjects.updatedAt))
    .limit(100);
  return rows.map(toSummary);
}

async function findOwned(tx: Db | Tx, userId: string, reference: string, lock = false) {
  const query = tx
    .select()
    .from(websiteProjects)
    .where(and(eq(websiteProjects.reference, reference), eq(websiteProjects.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function findByReference(tx: Db | Tx, reference: string, lock = false) {
  const query = tx.select().from(websiteProjects).where(eq(websiteProjects.reference, reference));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** One of the customer's projects; anyone else's is as absent as a missing one (404). */
export async function readCustomerProject(
  db: Db,
  userId: string,
  reference: string,
): Promise<Project> {
  return fullView(db, await findOwned(db, userId, reference));
}

const touch = async (
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

/** The customer's comment; the company is e-mailed. */
export async function commentAsCustomer(
  { db, config }: ProjectDeps,
  input: { userId: string; name: string; reference: string; message: string },
): Promise<Project> {
  return db.transaction(async (tx) => {
    const row = await findOwned(tx, input.userId, input.reference, true);
    await tx.insert(websiteProjectComments).values({
      projectId: row.id,
      author: 'customer',
      authorName: input.name,
      body: input.message,
    });
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...projectToStaffMail(config, row, 'commented', input.message),
    });
    return fullView(tx, await touch(tx, row.id));
  });
}

/** The customer's content checklist (text and links); the company is e-mailed. */
export async function saveContent(
  { db, config }: ProjectDeps,
  input: { userId: string; reference: string; content: Required<ProjectContentInput> },
): Promise<Project> {
  return db.transaction(async (tx) => {
    const row = await findOwned(tx, input.userId, input.reference, true);
    if (row.stage === 'live') {
      throw new AppError('CONFLICT', {
        message: 'This website is live; comment to ask for changes',
      });
    }
    const updated = await touch(tx, row.id, { content: input.content });
    const done = toSummary(updated).contentDone;
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...projectToStaffMail(
        config,
        row,
        'updated the content checklist',
        `${done} of ${contentItems.length} items filled in.`,
      ),
    });
    return fullView(tx, updated);
  });
}

async function moveStage(tx: Tx, config: ProjectDeps['config'], row: Row, stage: ProjectStage) {
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

/** At review, the customer approves the site: the project moves to launch. */
export async function approveProject(
  { db, config }: ProjectDeps,
  input: { userId: string; reference: string },
): Promise<Project> {
  return db.transaction(async (tx) => {
    const row = await findOwned(tx, input.userId, input.reference, true);
    if (row.stage !== 'review') {
      throw new AppError('CONFLICT', {
        message: 'You can approve the website once it is ready for review',
      });
    }
    await touch(tx, row.id, { approvedAt: new Date() });
    const updated = await moveStage(tx, config, row, 'launch');
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...projectToStaffMail(config, row, 'approved the website', 'Ready to launch.'),
    });
    return fullView(tx, updated);
  });
}

/** The back office's board: every project not live yet, and the 50 most recently live. */
export async function listAdminProjects(db: Db): Promise<AdminProjectSummary[]> {
  const [active, live] = await Promise.all([
    db
      .select()
      .from(websiteProjects)
      .where(ne(websiteProjects.stage, 'live'))
      .orderBy(asc(websiteProjects.createdAt))
      .limit(500),
    db
      .select()
      .from(websiteProjects)
      .where(eq(websiteProjects.stage, 'live'))
      .orderBy(desc(websiteProjects.updatedAt))
      .limit(50),
  ]);
  return [...active, ...live].map((row) => ({
    ...toSummary(row),
    name: row.name,
    email: row.email,
  }));
}

export async function readAdminProject(db: Db, reference: string): Promise<AdminProject> {
  return adminView(db, await findByReference(db, reference));
}

/** Moves the stage and/or sets due dates; the customer is e-mailed on a stage change. Audited. */
export async function updateProject(
  { db, config }: ProjectDeps,
  input: {
    reference: string;
    stage?: ProjectStage | undefined;
    dueDates?: Partial<Record<ProjectStage, string>> | undefined;
    admin: StaffMember;
    ip: string;
  },
): Promise<AdminProject> {
  return db.transaction(async (tx) => {
    let row = await findByReference(tx, input.reference, true);
    if (input.dueDates && Object.keys(input.dueDates).length > 0) {
      row = await touch(tx, row.id, { dueDates: { ...row.dueDates, ...input.dueDates } });
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'website_project.due_dates_set',
        entityType: 'website_project',
        entityId: row.reference,
        details: input.dueDates,
        ip: input.ip,
      });
    }
    if (input.stage && input.stage !== row.stage) {
      const from = row.stage;
      row = await moveStage(tx, config, row, input.stage);
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'website_project.stage_changed',
        entityType: 'website_project',
        entityId: row.reference,
        details: { from, to: input.stage },
        ip: input.ip,
      });
    }
    return adminView(tx, row);
  });
}

/** The team's comment; the customer is e-mailed. Audited. */
export async function commentAsStaff(
  { db, config }: ProjectDeps,
  input: { reference: string; message: string; admin: StaffMember; ip: string },
): Promise<AdminProject> {
  return db.transaction(async (tx) => {
    const row = await findByReference(tx, input.reference, true);
    await tx.insert(websiteProjectComments).values({
      projectId: row.id,
      author: 'staff',
      adminId: input.admin.id,
      authorName: input.admin.name,
      body: input.message,
    });
    if (row.email) {
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...staffCommentMail(config, row, { authorName: input.admin.name, body: input.message }),
      });
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'website_project.commented',
      entityType: 'website_project',
      entityId: row.reference,
      ip: input.ip,
    });
    return adminView(tx, await touch(tx, row.id));
  });
}

/** Projects per stage, for the back-office dashboard. */
export async function countProjectsByStage(db: Db): Promise<Record<ProjectStage, number>> {
  const rows = await db
    .select({ stage: websiteProjects.stage, total: count() })
    .from(websiteProjects)
    .groupBy(websiteProjects.stage);
  const counts = Object.fromEntries(projectStages.map((stage) => [stage, 0])) as Record<
    ProjectStage,
    number
  >;
  for (const row of rows) counts[row.stage] = row.total;
  return counts;
}

/**
 * A file for the customer's content checklist (checked by its content, kept in the database); the
 * company is told. Answers the project with its files.
 */
export async function uploadProjectFile(
  { db, config }: ProjectDeps,
  input: { userId: string; reference: string; item: ContentItem; filename: string; data: Buffer },
): Promise<Project> {
  return db.transaction(async (tx) => {
    const row = await findOwned(tx, input.userId, input.reference);
    const file = await storeUpload(tx, {
      owner: { projectId: row.id },
      purpose: input.item,
      filename: input.filename,
      data: input.data,
      uploadedBy: 'customer',
    });
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...projectToStaffMail(
        config,
        row,
        'uploaded a file',
        `${file.filename} (${Math.ceil(file.sizeBytes / 1024)} KB) for: ${contentItemLabels[input.item]}.`,
      ),
    });
    // An item answered by a file counts as done; its text names the file until the customer
    // writes something else there.
    const content =
      (row.content[input.item] ?? '') === ''
        ? { ...row.content, [input.item]: `File: ${file.filename}` }
        : row.content;
    return fullView(tx, await touch(tx, row.id, { content }));
  });
}

/** One of the customer's project files, as a download. */
export async function sendCustomerProjectFile(
  db: Db,
  reply: FastifyReply,
  input: { userId: string; reference: string; fileId: string },
) {
  const row = await findOwned(db, input.userId, input.reference);
  return sendUpload(db, reply, { projectId: row.id }, input.fileId);
}

/** Any project's file, for the back office. */
export async function sendAdminProjectFile(
  db: Db,
  reply: FastifyReply,
  input: { reference: string; fileId: string },
) {
  const row = await findByReference(db, input.reference);
  return sendUpload(db, reply, { projectId: row.id }, input.fileId);
}
