import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  departmentIds,
  departmentUpdateSchema,
  supportDepartmentSchema,
  supportDepartmentsSchema,
  supportRatingsSchema,
  ticketRatingAnswerSchema,
  ticketRatingSchema,
} from '#shared/ticket-desk.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { listDepartments, updateDepartment } from './ticket-departments.service.ts';
import { createTicketThreads } from './ticket-mail-thread.ts';
import { ratingsReport, rateTicket } from './ticket-ratings.service.ts';

const departmentParams = z.object({
  id: z.enum(departmentIds, { error: 'No such department' }),
});

const ratingsQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(90),
});

/**
 * The desk around the tickets: departments (staff read them, owners set their address, staff and
 * alerts), the ratings per department, and the customer's one-click rating.
 */
export async function ticketDeskRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  const threads = createTicketThreads(app.config, app.secretBox);

  // Posted by the rating page the closing mail's links open (a link itself changes nothing, so a
  // mail scanner that follows links casts no rating).
  app.post(
    '/api/ticket-rating',
    {
      schema: {
        body: ticketRatingSchema,
        response: {
          200: ticketRatingAnswerSchema,
          ...errorResponses(...stateChangeErrors, 404, 409, 429),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    (request) => rateTicket(db, threads, request.body),
  );

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/support-departments',
      { schema: { response: { 200: supportDepartmentsSchema, ...errorResponses(401) } } },
      () => listDepartments(db),
    );
    admin.get(
      '/api/admin/support-ratings',
      {
        schema: {
          querystring: ratingsQuery,
          response: { 200: supportRatingsSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => ratingsReport(db, request.query.days, new Date()),
    );
  });

  await adminScope(app, 'owner', (owner) => {
    owner.patch(
      '/api/admin/support-departments/:id',
      {
        schema: {
          params: departmentParams,
          body: departmentUpdateSchema,
          response: {
            200: supportDepartmentSchema,
            ...errorResponses(...stateChangeErrors, 401, 403, 404),
          },
        },
      },
      (request) =>
        updateDepartment(db, {
          id: request.params.id,
          change: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
