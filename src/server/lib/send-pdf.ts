import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';

/** A private download: never cached by a shared cache, saved under `filename`. */
export const sendDownload = (
  reply: FastifyReply,
  { body, filename, type }: { body: Buffer; filename: string; type: string },
) =>
  reply
    .headers({
      'cache-control': 'private, no-store',
      'content-disposition': attachmentDisposition(filename),
    })
    .type(type)
    .send(body);

/** A private PDF download, saved under `filename`. */
export const sendPdf = (
  reply: FastifyReply,
  { pdf, filename }: { pdf: Buffer; filename: string },
) => sendDownload(reply, { body: pdf, filename, type: 'application/pdf' });
