import { z } from 'zod';
import { customerIdParams } from '#shared/admin-customers.schemas.ts';
import {
  dunningCaseListSchema,
  dunningCaseSchema,
  dunningKindParams,
  dunningPolicyInputSchema,
  dunningPolicyListSchema,
  dunningPolicySchema,
  payLinkSchema,
  payLinkTokenSchema,
} from '#shared/dunning.schemas.ts';
import { payfastFormSchema } from '#shared/payments.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { customerDunningCases, listPastDue } from './dunning-lists.service.ts';
import { listDunningPolicies, saveDunningPolicy } from './dunning-policy.service.ts';
import { payByLink, readPayLink } from './pay-links.service.ts';

const guarded = errorResponses(401, 403);

/**
 * Dunning: a mail's signed link pays its order without signing in; in the back office every
 * administrator sees who is past due (and each customer's cases on their page); only owners set
 * the policy, audited.
 */
export async function dunningRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  // A dunning mail's signed link, no sign-in: what it pays, and its card payment.
  app.get(
    '/api/pay-link',
    {
      schema: {
        querystring: payLinkTokenSchema,
        response: { 200: payLinkSchema, ...errorResponses(400, 404, 429) },
      },
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readPayLink(db, request.query.token);
    },
  );
  app.post(
    '/api/pay-link/payfast',
    {
      schema: {
        body: payLinkTokenSchema,
        // 409: paid or cancelled meanwhile.
        response: {
          200: payfastFormSchema,
          ...errorResponses(...stateChangeErrors, 404, 409, 429),
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    (request) =>
      payByLink({ db, config: app.config, orderLines: app.orderLines }, request.body.token),
  );

  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/past-due',
      { schema: { response: { 200: dunningCaseListSchema, ...guarded } } },
      () => listPastDue(db),
    );
    scoped.get(
      '/api/admin/customers/:id/dunning',
      {
        schema: {
          params: customerIdParams,
          response: {
            200: z.object({ items: z.array(dunningCaseSchema) }),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ({ items: await customerDunningCases(db, request.params.id) }),
    );
  });

  await adminScope(app, 'owner', (scoped) => {
    scoped.get(
      '/api/admin/dunning/policies',
      { schema: { response: { 200: dunningPolicyListSchema, ...guarded } } },
      () => listDunningPolicies(db),
    );
    scoped.put(
      '/api/admin/dunning/policies/:kind',
      {
        schema: {
          params: dunningKindParams,
          body: dunningPolicyInputSchema,
          response: {
            200: dunningPolicySchema,
            ...errorResponses(...stateChangeErrors, 401),
          },
        },
      },
      (request) =>
        saveDunningPolicy(db, {
          kind: request.params.kind,
          values: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
