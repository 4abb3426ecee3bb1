import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, Tx } from '#db/client.ts';
import { uploads } from '#db/schema/index.ts';
import {
  MAX_UPLOAD_BYTES,
  uploadTypes,
  uploadTypesText,
  type Upload,
  type UploadType,
} from '#shared/uploads.schemas.ts';
import { attachmentDisposition, safeFileName } from '../../lib/content-disposition.ts';
import { AppError } from '../../plugins/errors.ts';

type Row = typeof uploads.$inferSelect;
/**
 * What a file belongs to: one project, one ticket, one order (proof of payment) or one company
 * registration case.
 */
export type UploadOwner =
  | { projectId: string }
  | { ticketId: string }
  | { orderId: string }
  | { registrationCaseId: string };

const ownerFilter = (owner: UploadOwner): SQL =>
  'projectId' in owner
    ? eq(uploads.projectId, owner.projectId)
    : 'ticketId' in owner
      ? eq(uploads.ticketId, owner.ticketId)
      : 'orderId' in owner
        ? eq(uploads.orderId, owner.orderId)
        : eq(uploads.registrationCaseId, owner.registrationCaseId);

const refused = (message: string) => new AppError('VALIDATION_ERROR', { message });

/** Text is accepted only when it is UTF-8 without control characters (no binary in disguise). */
function isPlainText(data: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    // Tab, line feed and carriage return are text; any other control character is not.
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
        return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The file's type from its content (the name and the browser's word count for nothing): one of
 * `uploadTypes`, else a 400 naming what is allowed. An empty or too large file is refused too.
 */
export async function sniffUpload(data: Buffer): Promise<UploadType> {
  if (data.length === 0) throw refused('The file is empty.');
  if (data.length > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    });
  }
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(data);
  if (detected && detected.mime in uploadTypes) return detected.mime as UploadType;
  if (!detected && isPlainText(data)) return 'text/plain';
  throw refused(
    `This kind of file cannot be uploaded${detected ? ` (it is ${detected.ext.toUpperCase()})` : ''}. Upload ${uploadTypesText}.`,
  );
}

/**
 * The name as shown and offered for download: no folders, no control characters, no
 * bidirectional controls (a right-to-left override would disguise `.exe` as `.pdf`).
 */
const cleanName = (name: string) =>
  safeFileName(basename(name.replaceAll('\\', '/')))
    .replaceAll('"', '')
    .trim()
    .slice(0, 200) || 'file';

const toUpload = (row: Row): Upload => ({
  id: row.id,
  purpose: row.purpose,
  filename: cleanName(row.filename),
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
});

/** Checks and keeps one uploaded file for a project or a ticket. */
export async function storeUpload(
  tx: Db | Tx,
  input: {
    owner: UploadOwner;
    purpose: string;
    filename: string;
    data: Buffer;
    uploadedBy: 'customer' | 'staff';
    /** The ticket message the file came with, shown inside it. */
    ticketMessageId?: string;
  },
): Promise<Upload> {
  const contentType = await sniffUpload(input.data);
  const [row] = await tx
    .insert(uploads)
    .values({
      ...input.owner,
      ticketMessageId: input.ticketMessageId ?? null,
      purpose: input.purpose,
      filename: cleanName(input.filename),
      contentType,
      sizeBytes: input.data.length,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      uploadedBy: input.uploadedBy,
      data: input.data,
      // The moment of the insert, not of the transaction: files kept together stay in order.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  return toUpload(row!);
}

/**
 * Like `storeUpload`, but the same file sent again for the same purpose (a retried upload) is
 * answered with the one already kept; `stored` says whether this call kept it.
 */
export async function storeUploadOnce(
  tx: Db | Tx,
  input: Parameters<typeof storeUpload>[1],
): Promise<{ file: Upload; stored: boolean }> {
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  const [kept] = await tx
    .select()
    .from(uploads)
    .where(
      and(ownerFilter(input.owner), eq(uploads.purpose, input.purpose), eq(uploads.sha256, sha256)),
    )
    .limit(1);
  if (kept) return { file: toUpload(kept), stored: false };
  return { file: await storeUpload(tx, input), stored: true };
}

const listedColumns = {
  id: uploads.id,
  purpose: uploads.purpose,
  filename: uploads.filename,
  contentType: uploads.contentType,
  sizeBytes: uploads.sizeBytes,
  uploadedBy: uploads.uploadedBy,
  createdAt: uploads.createdAt,
};

/** The files of a project or a ticket, oldest first, without their content. */
export async function listUploads(db: Db | Tx, owner: UploadOwner): Promise<Upload[]> {
  const rows = await db
    .select(listedColumns)
    .from(uploads)
    .where(ownerFilter(owner))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  return rows.map((row) => ({
    ...row,
    filename: cleanName(row.filename),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * A ticket's files split by where they are shown: inside the message they came with, or on
 * their own (attached to the ticket later).
 */
export async function listTicketUploads(
  db: Db | Tx,
  ticketId: string,
): Promise<{ loose: Upload[]; byMessage: Map<string, Upload[]> }> {
  const rows = await db
    .select({ ...listedColumns, ticketMessageId: uploads.ticketMessageId })
    .from(uploads)
    .where(eq(uploads.ticketId, ticketId))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  const loose: Upload[] = [];
  const byMessage = new Map<string, Upload[]>();
  for (const { ticketMessageId, ...row } of rows) {
    const file = {
      ...row,
      filename: cleanName(row.filename),
      createdAt: row.createdAt.toISOString(),
    };
    if (ticketMessageId === null) loose.push(file);
    else byMessage.set(ticketMessageId, [...(byMessage.get(ticketMessageId) ?? []), file]);
  }
  return { loose, byMessage };
}

/** Deletes an owner's files of the given purposes once they are no longer needed; their count. */
export async function deleteUploads(
  tx: Db | Tx,
  owner: UploadOwner,
  purposes: readonly string[],
): Promise<number> {
  const rows = await tx
    .delete(uploads)
    .where(and(ownerFilter(owner), inArray(uploads.purpose, [...purposes])))
    .returning({ id: uploads.id });
  return rows.length;
}

/**
 * Sends one file of a project or a ticket as a download (404 for a file of anything else): the
 * caller has already checked that the viewer may see its owner.
 */
export async function sendUpload(
  db: Db,
  reply: FastifyReply,
  owner: UploadOwner,
  fileId: string,
): Promise<FastifyReply> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, fileId), ownerFilter(owner)));
  if (!row) throw new AppError('NOT_FOUND', { message: 'That file does not exist' });
  return reply
    .headers({
      'cache-control': 'private, no-store',
      'content-disposition': attachmentDisposition(row.filename, 'file'),
      'x-content-type-options': 'nosniff',
    })
    .type(row.contentType)
    .send(row.data);
}
