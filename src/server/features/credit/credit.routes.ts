import { z } from 'zod';
import {
  applyCreditSchema,
  creditAdjustmentSchema,
  creditAppliedSchema,
  creditStatementSchema,
  creditHolderSchema,
  customerCreditParams,
  customerCreditSchema,
} from '#shared/credit.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { randToCents } from '#shared/money.ts';
import { orderReferenceParams } from '#shared/orders.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import {
  adjustCredit,
  creditStatement,
  customerCredit,
  listCreditHolders,
  payFromCredit,
} from './credit.service.ts';

/** Account credit: the customer's statement and paying from it; the owners' view and adjustment. */
export async function creditRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config, orderLines: app.orderLines };

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/account/credit',
      { schema: { response: { 200: creditStatementSchema, ...errorResponses(401) } } },
      (request) => creditStatement(deps.db, request.user.id),
    );

    // 409: the order is not awaiting payment, or there is not that much credit.
    scoped.post(
      '/api/orders/:reference/credit',
      {
        schema: {
          params: orderReferenceParams,
          body: applyCreditSchema,
          response: {
            200: creditAppliedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        payFromCredit(deps, {
          orderReference: request.params.reference,
          userId: request.user.id,
          amountCents: randToCents(request.body.amount),
        }),
    );
  });

  await adminScope(app, 'owner', (scoped) => {
    scoped.get(
      '/api/admin/credit',
      { schema: { response: { 200: z.array(creditHolderSchema), ...errorResponses(401, 403) } } },
      () => listCreditHolders(deps.db),
    );

    scoped.get(
      '/api/admin/customers/:email/credit',
      {
        schema: {
          params: customerCreditParams,
          response: { 200: customerCreditSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => customerCredit(deps.db, request.params.email),
    );

    // 409: taking off more than the customer has.
    scoped.post(
      '/api/admin/credit',
      {
        schema: {
          body: creditAdjustmentSchema,
          response: {
            200: customerCreditSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        adjustCredit(deps.db, {
          email: request.body.email,
          amountCents: randToCents(request.body.amount),
          reason: request.body.reason,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
