import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { ticketMergeSchema } from '#shared/ticket-merge.schemas.ts';
import { adminTicketSchema } from '#shared/tickets.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { mergeTicket } from './ticket-merge.service.ts';

const referenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^T-[A-Z0-9]{4,12}$/, 'Not a ticket reference'),
});

/** The back office merges a ticket into another of the same customer's (daily work: staff). */
export async function ticketMergeRoutes(app: AppInstance): Promise<void> {
  await adminScope(app, 'staff', (admin) => {
    admin.post(
      '/api/admin/tickets/:reference/merge',
      {
        schema: {
          params: referenceParams,
          body: ticketMergeSchema,
          response: {
            200: adminTicketSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        mergeTicket(app.database.db, {
          reference: request.params.reference,
          into: request.body.into,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
