import { z } from 'zod';

/** The largest file a customer may upload (a logo, photos, a brief). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What may be uploaded, decided from the file's content (never its name), with a plain label. */
export const uploadTypes = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'text/plain': 'text file',
} as const;
export type UploadType = keyof typeof uploadTypes;

export const uploadTypesText =
  'PNG, JPEG, GIF or WebP images, PDF, Word or Excel documents, or plain text';

export const uploadSchema = z.object({
  id: z.uuid(),
  /** A content-checklist item, or "attachment" on a ticket. */
  purpose: z.string(),
  filename: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.enum(['customer', 'staff']),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** The query of an upload: the file's name as the customer's computer had it. */
export const uploadQuerySchema = z.object({
  filename: z
    .string({ error: 'Name the file' })
    .trim()
    .min(1, 'Name the file')
    .max(200, 'Keep the file name under 200 characters'),
});

export const fileParams = z.object({ fileId: z.uuid('Not a file id') });
