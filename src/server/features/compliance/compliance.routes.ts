import { z } from 'zod';
import {
  complianceCalendarSchema,
  complianceCareInputSchema,
  complianceCompanyInputSchema,
  complianceFilingListSchema,
  complianceFilingParams,
  complianceCompanyParams,
  complianceItemParams,
  ownershipChangeInputSchema,
} from '#shared/compliance.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { setCareRenewal } from './compliance-care.service.ts';
import { listFilingTasks, markFiled } from './compliance-filings.service.ts';
import {
  addCompany,
  complianceCalendar,
  markItem,
  recordOwnershipChange,
  removeCompany,
} from './compliance.service.ts';

const changes = { rateLimit: { max: 120, timeWindow: '1 hour' } };

/**
 * The customer's compliance calendar: their own companies only (anyone else's answers 404); and
 * the team's list of filings owed under compliance care.
 */
export async function complianceRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/compliance',
      { schema: { response: { 200: complianceCalendarSchema, ...errorResponses(401) } } },
      (request) => complianceCalendar(db, request.user.id),
    );

    scoped.post(
      '/api/compliance/companies',
      {
        schema: {
          body: complianceCompanyInputSchema,
          response: {
            201: complianceCalendarSchema,
            ...errorResponses(...stateChangeErrors, 401, 409, 429),
          },
        },
        config: changes,
      },
      async (request, reply) =>
        reply.status(201).send(await addCompany(db, request.user.id, request.body)),
    );

    scoped.delete(
      '/api/compliance/companies/:id',
      {
        schema: {
          params: complianceCompanyParams,
          response: {
            200: complianceCalendarSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request) => {
        await removeCompany(db, request.user.id, request.params.id);
        return complianceCalendar(db, request.user.id);
      },
    );

    scoped.post(
      '/api/compliance/companies/:id/ownership-changes',
      {
        schema: {
          params: complianceCompanyParams,
          body: ownershipChangeInputSchema,
          response: {
            201: complianceCalendarSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
        config: changes,
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await recordOwnershipChange(db, request.user.id, request.params.id, request.body)),
    );

    scoped.put(
      '/api/compliance/companies/:id/items/:key/done',
      {
        schema: {
          params: complianceItemParams,
          body: z.object({ done: z.boolean() }),
          response: {
            200: complianceCalendarSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
        config: changes,
      },
      (request) =>
        markItem(db, request.user.id, request.params.id, request.params.key, request.body.done),
    );

    scoped.patch(
      '/api/compliance/companies/:id/care',
      {
        schema: {
          params: complianceCompanyParams,
          body: complianceCareInputSchema,
          response: {
            200: complianceCalendarSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
        config: changes,
      },
      async (request) => {
        const found = await setCareRenewal(db, app.orderLines, {
          userId: request.user.id,
          companyId: request.params.id,
          autoRenew: request.body.autoRenew,
        });
        if (!found)
          throw new AppError('NOT_FOUND', { message: 'That company has no compliance care' });
        return complianceCalendar(db, request.user.id);
      },
    );
  });

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/compliance/filings',
      { schema: { response: { 200: complianceFilingListSchema, ...errorResponses(401) } } },
      async () => ({ items: await listFilingTasks(db) }),
    );

    admin.post(
      '/api/admin/compliance/filings/:id/filed',
      {
        schema: {
          params: complianceFilingParams,
          response: {
            200: complianceFilingListSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request) => {
        const outcome = await markFiled(db, app.config, request.params.id, {
          admin: request.admin,
          ip: request.ip,
        });
        if (outcome === 'unknown')
          throw new AppError('NOT_FOUND', { message: 'That filing is not on the list' });
        if (outcome === 'filed-already')
          throw new AppError('CONFLICT', { message: 'That filing is marked filed already' });
        return { items: await listFilingTasks(db) };
      },
    );
  });
}
