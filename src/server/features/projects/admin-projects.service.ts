/** The back office's side of website projects: the board, stages, due dates and comments. */
import { asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { websiteProjectComments, websiteProjects } from '#db/schema/index.ts';
import {
  projectStages,
  type AdminProject,
  type AdminProjectSummary,
  type ProjectStage,
} from '#shared/projects.schemas.ts';
import type { FastifyReply } from 'fastify';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { staffCommentMail } from './project-mails.ts';
import { sendUpload } from '../uploads/uploads.service.ts';
import {
  type ProjectDeps,
  type StaffMember,
  toSummary,
  adminView,
  findByReference,
  touch,
  moveStage,
} from './project-records.ts';

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

/** Any project's file, for the back office. */
export async function sendAdminProjectFile(
  db: Db,
  reply: FastifyReply,
  input: { reference: string; fileId: string },
) {
  const row = await findByReference(db, input.reference);
  return sendUpload(db, reply, { projectId: row.id }, input.fileId);
}
