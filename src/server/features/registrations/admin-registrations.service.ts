/** The back office's side of company registrations: the board, checklists, stages, documents. */
import { asc, desc, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '#db/client.ts';
import { registrationCases } from '#db/schema/index.ts';
import {
  customerDocumentPurposes,
  registrationChecklists,
  registrationDocumentLabels,
  registrationStageLabels,
  type AdminRegistrationCase,
  type AdminRegistrationSummary,
  type RegistrationStage,
  type TeamDocumentPurpose,
} from '#shared/registrations.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { saToday } from '#shared/dates.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { followRegisteredCompany } from '../compliance/compliance.service.ts';
import { deleteUploads, sendUpload, storeUploadOnce } from '../uploads/uploads.service.ts';
import { registrationDocumentMail, registrationStageMail } from './registration-mails.ts';
import {
  adminView,
  currentStage,
  findCase,
  toSummary,
  touch,
  type CaseRow,
  type RegistrationDeps,
} from './registration-records.ts';

interface StaffAction {
  reference: string;
  admin: { id: string; email: string; name: string };
  ip: string;
}

const conflict = (message: string) => new AppError('CONFLICT', { message });

/** The board: every case still open, oldest first, and the 50 most recently completed. */
export async function listAdminRegistrations(db: Db): Promise<AdminRegistrationSummary[]> {
  const [open, completed] = await Promise.all([
    db
      .select()
      .from(registrationCases)
      .where(isNull(registrationCases.completedAt))
      .orderBy(asc(registrationCases.createdAt))
      .limit(500),
    db
      .select()
      .from(registrationCases)
      .where(isNotNull(registrationCases.completedAt))
      .orderBy(desc(registrationCases.completedAt))
      .limit(50),
  ]);
  return [...open, ...completed].map((row) => ({
    ...toSummary(row),
    name: row.name,
    email: row.email,
  }));
}

export async function readAdminRegistration(
  db: Db,
  reference: string,
): Promise<AdminRegistrationCase> {
  return adminView(db, await findCase(db, reference));
}

/** The stage being worked on must be the case's current one (stages are done in order). */
function requireCurrent(row: CaseRow, stage: RegistrationStage) {
  const current = currentStage(row);
  if (current !== stage) {
    throw conflict(
      current
        ? `${registrationStageLabels[current]} is the stage being worked on`
        : 'This registration is complete',
    );
  }
}

/** Ticks the current stage's checklist items (the list sent replaces the ticked ones). Audited. */
export async function setChecklist(
  { db }: RegistrationDeps,
  input: StaffAction & { stage: RegistrationStage; items: string[] },
): Promise<AdminRegistrationCase> {
  return db.transaction(async (tx) => {
    const row = await findCase(tx, input.reference, { lock: true });
    requireCurrent(row, input.stage);
    const known = registrationChecklists[input.stage];
    const items = known.filter((item) => input.items.includes(item));
    if (items.length !== new Set(input.items).size) {
      throw new AppError('VALIDATION_ERROR', { message: 'Not an item of this stage’s checklist' });
    }
    const updated = await touch(tx, row.id, {
      checklist: { ...row.checklist, [input.stage]: items },
    });
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'registration_case.checklist_set',
      entityType: 'registration_case',
      entityId: row.reference,
      details: { stage: input.stage, items },
      ip: input.ip,
    });
    return adminView(tx, updated);
  });
}

/**
 * The name CIPC approved: one the customer proposed (in their spelling), or a variant of them
 * when the team says so (CIPC may approve a name with a word changed or left out).
 */
function approvedNameOf(
  proposed: string[],
  input: { approvedName?: string | undefined; approvedVariant?: boolean | undefined },
): string {
  const typed = input.approvedName?.trim().replace(/\s+/g, ' ') ?? '';
  const match = proposed.find((name) => name.toLowerCase() === typed.toLowerCase());
  if (match) return match;
  if (!typed) {
    throw new AppError('VALIDATION_ERROR', { message: 'Enter the name CIPC approved' });
  }
  if (!input.approvedVariant) {
    throw new AppError('VALIDATION_ERROR', {
      message:
        'Choose the name CIPC approved from the names the customer proposed, or record it as a variant CIPC approved',
    });
  }
  return typed;
}

/**
 * Marks the current stage done, dated and signed by the team member, once its checklist is
 * complete; name reservation records the name CIPC approved (approvedNameOf). The customer
 * is mailed. The last stage completes the case and deletes the customer's identity documents, as
 * the privacy policy says (kept only as long as the purpose needs them). A stage already done is
 * answered as it is, so a repeated request changes nothing. Audited.
 */
export async function completeStage(
  { db, config }: RegistrationDeps,
  input: StaffAction & {
    stage: RegistrationStage;
    approvedName?: string | undefined;
    approvedVariant?: boolean | undefined;
    registrationNumber?: string | undefined;
  },
): Promise<AdminRegistrationCase> {
  return db.transaction(async (tx) => {
    const row = await findCase(tx, input.reference, { lock: true });
    if (row.done[input.stage]) return adminView(tx, row);
    requireCurrent(row, input.stage);
    const ticked = row.checklist[input.stage] ?? [];
    if (ticked.length < registrationChecklists[input.stage].length) {
      throw conflict('Tick every item of the checklist first');
    }
    let approvedName = row.approvedName;
    if (input.stage === 'name_reservation') {
      approvedName = approvedNameOf(row.proposedNames, input);
    }
    const now = new Date();
    const certificate = input.stage === 'certificate';
    if (certificate && !input.registrationNumber) {
      throw new AppError('VALIDATION_ERROR', {
        message: "Enter the registration number on CIPC's certificate",
      });
    }
    const done = {
      ...row.done,
      [input.stage]: {
        at: now.toISOString(),
        by: input.admin.name,
        ...(certificate ? { registrationNumber: input.registrationNumber } : {}),
      },
    };
    // The registered company joins its owner's compliance calendar, dated by its certificate.
    if (certificate && row.userId) {
      await followRegisteredCompany(tx, {
        userId: row.userId,
        name: row.approvedName ?? row.proposedNames[0] ?? row.title,
        registrationNumber: input.registrationNumber!,
        registeredOn: saToday(now),
      });
    }
    const next = row.stages.find((stage) => !done[stage]) ?? null;
    const updated = await touch(tx, row.id, {
      done,
      approvedName,
      ...(next ? {} : { completedAt: now }),
    });
    const deleted = next
      ? 0
      : await deleteUploads(tx, { registrationCaseId: row.id }, customerDocumentPurposes);
    if (row.email) {
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...registrationStageMail(config, updated, input.stage, next),
      });
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'registration_case.stage_done',
      entityType: 'registration_case',
      entityId: row.reference,
      details: {
        stage: input.stage,
        approvedName,
        ...(input.stage === 'name_reservation' && !row.proposedNames.includes(approvedName ?? '')
          ? { approvedVariant: true }
          : {}),
        ...(certificate ? { registrationNumber: input.registrationNumber } : {}),
        ...(next ? {} : { documentsDeleted: deleted }),
      },
      ip: input.ip,
    });
    return adminView(tx, updated);
  });
}

/**
 * A document CIPC or SARS issued, delivered to the customer's area and mailed; the same file
 * delivered again is kept and mailed once. Audited.
 */
export async function uploadTeamDocument(
  { db, config }: RegistrationDeps,
  input: StaffAction & { purpose: TeamDocumentPurpose; filename: string; data: Buffer },
): Promise<AdminRegistrationCase> {
  return db.transaction(async (tx) => {
    const row = await findCase(tx, input.reference, { lock: true });
    const { file, stored } = await storeUploadOnce(tx, {
      owner: { registrationCaseId: row.id },
      purpose: input.purpose,
      filename: input.filename,
      data: input.data,
      uploadedBy: 'staff',
    });
    if (!stored) return adminView(tx, row);
    if (row.email) {
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...registrationDocumentMail(config, row, input.purpose, file.filename),
      });
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'registration_case.document_delivered',
      entityType: 'registration_case',
      entityId: row.reference,
      details: { purpose: input.purpose, label: registrationDocumentLabels[input.purpose] },
      ip: input.ip,
    });
    return adminView(tx, await touch(tx, row.id));
  });
}

/** Any case's document, for the back office. */
export async function sendAdminDocument(
  db: Db,
  reply: FastifyReply,
  input: { reference: string; fileId: string },
) {
  const row = await findCase(db, input.reference);
  return sendUpload(db, reply, { registrationCaseId: row.id }, input.fileId);
}
