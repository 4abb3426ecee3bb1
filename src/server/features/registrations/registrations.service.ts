import { desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, Tx } from '#db/client.ts';
import { registrationCases } from '#db/schema/index.ts';
import {
  registrationDocumentLabels,
  stagesSold,
  type CustomerDocumentPurpose,
  type RegistrationCase,
  type RegistrationSummary,
} from '#shared/registrations.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { newReference } from '../../lib/references.ts';
import { AppError } from '../../plugins/errors.ts';
import type { LineFulfilment } from '../orders/order-lines.service.ts';
import { sendUpload, storeUploadOnce } from '../uploads/uploads.service.ts';
import { registrationOpenedMail, registrationToStaffMail } from './registration-mails.ts';
import {
  findCase,
  fullView,
  toSummary,
  touch,
  type RegistrationDeps,
} from './registration-records.ts';

/** The order form's details as the order line keeps them (checked by their schema in the cart). */
interface LineDetails {
  names?: string[];
  contactEmail?: string;
  directors?: { fullName?: string }[];
}

/**
 * What a paid business-registration line starts: its case, with the stages its package and
 * add-ons were sold with, and the customer's first mail. One case per order line, so a payment
 * settled twice opens nothing more.
 */
export const openRegistrationCase =
  (config: RegistrationDeps['config']): LineFulfilment =>
  async (tx, line, { order, customer }) => {
    const details = (line.details ?? {}) as LineDetails;
    const [row] = await tx
      .insert(registrationCases)
      .values({
        reference: newReference('R', 6),
        orderItemId: line.id,
        userId: order.userId,
        packageId: line.packageId,
        title: line.title,
        name: customer?.fullName ?? details.directors?.[0]?.fullName ?? 'Customer',
        email: customer?.email ?? details.contactEmail ?? '',
        proposedNames: (details.names ?? []).slice(0, 4),
        stages: [...stagesSold(line.packageId, line.addOnIds)],
      })
      .onConflictDoNothing({ target: registrationCases.orderItemId })
      .returning();
    if (row?.email) {
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...registrationOpenedMail(config, row),
      });
    }
  };

/** The customer's registrations, most recently active first. */
export async function listCustomerRegistrations(
  db: Db,
  userId: string,
): Promise<RegistrationSummary[]> {
  const rows = await db
    .select()
    .from(registrationCases)
    .where(eq(registrationCases.userId, userId))
    .orderBy(desc(registrationCases.updatedAt))
    .limit(100);
  return rows.map(toSummary);
}

export async function readCustomerRegistration(
  db: Db,
  userId: string,
  reference: string,
): Promise<RegistrationCase> {
  return fullView(db, await findCase(db, reference, { userId }));
}

/**
 * A document the team asked for (a certified ID copy, a proof of address), checked like every
 * upload; the company is told. The same file sent again is kept once. Refused once the case is complete: its documents are deleted then.
 */
export async function uploadCustomerDocument(
  { db, config }: RegistrationDeps,
  input: {
    userId: string;
    reference: string;
    purpose: CustomerDocumentPurpose;
    filename: string;
    data: Buffer;
  },
): Promise<RegistrationCase> {
  return db.transaction(async (tx: Tx) => {
    const row = await findCase(tx, input.reference, { userId: input.userId, lock: true });
    if (row.completedAt) {
      throw new AppError('CONFLICT', { message: 'This registration is complete' });
    }
    const { file, stored } = await storeUploadOnce(tx, {
      owner: { registrationCaseId: row.id },
      purpose: input.purpose,
      filename: input.filename,
      data: input.data,
      uploadedBy: 'customer',
    });
    if (!stored) return fullView(tx, row);
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...registrationToStaffMail(
        config,
        row,
        `${registrationDocumentLabels[input.purpose]}: ${file.filename} (${Math.ceil(file.sizeBytes / 1024)} KB).`,
      ),
    });
    return fullView(tx, await touch(tx, row.id));
  });
}

/** One of the customer's registration documents, as a download. */
export async function sendCustomerDocument(
  db: Db,
  reply: FastifyReply,
  input: { userId: string; reference: string; fileId: string },
) {
  const row = await findCase(db, input.reference, { userId: input.userId });
  return sendUpload(db, reply, { registrationCaseId: row.id }, input.fileId);
}
