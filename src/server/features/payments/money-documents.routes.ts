import { z } from 'zod';
import { errorResponses } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import { orderReferenceParams } from '#shared/orders.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { requireViewer } from '../../plugins/sessions.ts';
import { invoicePdf } from './invoices.service.ts';
import { creditNotePdf } from './refund-ledger.service.ts';

const creditNoteParams = z.object({
  number: z.string().regex(/^CN-\d{6}\.pdf$/, 'Not a credit note number'),
});

const pdfSchema = {
  200: { content: { 'application/pdf': { schema: downloadSchema } } },
  ...errorResponses(400, 401, 404),
};

/** Invoices and credit notes as PDF downloads, for their customer or an administrator. */
export function moneyDocumentRoutes(app: AppInstance): void {
  const deps = { db: app.database.db, config: app.config };

  app.get(
    '/api/orders/:reference/invoice.pdf',
    { schema: { params: orderReferenceParams, response: pdfSchema } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      return sendPdf(reply, await invoicePdf(deps, request.params.reference, viewer));
    },
  );

  app.get(
    '/api/credit-notes/:number',
    { schema: { params: creditNoteParams, response: pdfSchema } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      const number = Number(request.params.number.slice(3, 9));
      return sendPdf(reply, await creditNotePdf(deps, number, viewer));
    },
  );
}
