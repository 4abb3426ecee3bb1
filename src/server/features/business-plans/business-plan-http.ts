import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import type { businessPlanPdf } from '../../integrations/pdf/business-plan-pdf.ts';

/** The plan routes' shared parts: the id in the path, the PDF answer and who sends it. */
export const planParams = z.object({ id: z.uuid('Not a business plan id') });

export const planPdfResponse = {
  200: { content: { 'application/pdf': { schema: downloadSchema } } },
  ...errorResponses(400, 401, 404),
};

/** Sends a plan's PDF, named after the plan. */
export type SendPlanPdf = (
  reply: FastifyReply,
  row: Parameters<typeof businessPlanPdf>[0],
) => Promise<FastifyReply>;
