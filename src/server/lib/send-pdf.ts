import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';

/** A private PDF download: never cached by a shared cache, saved under `filename`. */
export const sendPdf = (
  reply: FastifyReply,
  { pdf, filename }: { pdf: Buffer; filename: string },
) =>
  reply
    .headers({
      'cache-control': 'private, no-store',
      'content-disposition': attachmentDisposition(filename),
    })
    .type('application/pdf')
    .send(pdf);
