import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { websiteProjectComments, websiteProjects } from '#db/schema/index.ts';
import {
  contentItemLabels,
  contentItems,
  customBuildDeliveryDays,
  projectDueDates,
  type ContentItem,
  type Project,
  type ProjectContentInput,
  type ProjectSummary,
} from '#shared/projects.schemas.ts';
import type { FastifyReply } from 'fastify';
import { saToday } from '#shared/dates.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { newReference } from '../../lib/references.ts';
import { AppError } from '../../plugins/errors.ts';
import { packageDeliveryDays } from '../catalogue/catalogue.service.ts';
import { projectStageMail, projectToStaffMail } from './project-mails.ts';
import { sendUpload, storeUpload } from '../uploads/uploads.service.ts';
import {
  type ProjectDeps,
  toSummary,
  fullView,
  findOwned,
  touch,
  moveStage,
} from './project-records.ts';

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
    quoteId?: string | null;
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

/** One of the customer's projects; anyone else's is as absent as a missing one (404). */
export async function readCustomerProject(
  db: Db,
  userId: string,
  reference: string,
): Promise<Project> {
  return fullView(db, await findOwned(db, userId, reference));
}

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
