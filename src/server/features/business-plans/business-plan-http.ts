import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import type { PlanDocumentInput } from '#shared/business-plan-document.ts';

/** The plan routes' shared parts: the id in the path, the documents' answers and who sends them. */
export const planParams = z.object({ id: z.uuid('Not a business plan id') });

/** The formats a plan downloads in (issue 33 §5): the PDF to read, the Word file to edit. */
export const planFormats = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type PlanFormat = keyof typeof planFormats;

export const planDocumentResponse = (format: PlanFormat) => ({
  200: { content: { [planFormats[format]]: { schema: downloadSchema } } },
  ...errorResponses(400, 401, 404),
});

/** Sends a plan's document in `format`, named after the plan. */
export type SendPlanDocument = (
  reply: FastifyReply,
  row: PlanDocumentInput,
  format: PlanFormat,
) => Promise<FastifyReply>;
