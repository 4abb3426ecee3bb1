import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { tlds } from '#db/schema/index.ts';
import { markupPercent } from '#shared/domain-pricing.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { centsToRand } from '#shared/money.ts';
import {
  registrarOverviewSchema,
  tldSwitchResultSchema,
  tldSwitchSchema,
} from '#shared/registrar.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { reconcileRegistrar } from './registrar-reconciliation.service.ts';

/** /admin/dnsimple-management: which registrar is live, its account, mismatches and the TLD table. */
export async function registrarAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/registrar',
      { schema: { response: { 200: registrarOverviewSchema, ...errorResponses(401, 503) } } },
      async () => {
        try {
          const [account, reconciliation, tldRows] = await Promise.all([
            app.registrar.account(),
            reconcileRegistrar(db, app.registrar),
            db.select().from(tlds).orderBy(asc(tlds.sort)),
          ]);
          return {
            provider: app.registrar.provider,
            account,
            reconciliation,
            tlds: tldRows.map((row) => {
              const year = app.domainChecker.yearPrice(
                row.registrationCostCents,
                row.currency,
                row.premium,
              );
              return {
                tld: row.tld,
                registrationCost: centsToRand(row.registrationCostCents),
                currency: row.currency,
                customerPrice: centsToRand(year.priceCents),
                markupPercent: markupPercent(row.premium),
                premium: row.premium,
                enabled: row.enabled,
              };
            }),
          };
        } catch (error) {
          if (error instanceof RegistrarError) {
            throw new AppError('SERVICE_UNAVAILABLE', { message: error.message });
          }
          throw error;
        }
      },
    );
  });

  // Which endings are sold is the catalogue: an owner's call.
  await adminScope(app, 'owner', (admin) => {
    admin.patch(
      '/api/admin/tlds/:tld',
      {
        schema: {
          params: z.object({ tld: z.string().regex(/^[a-z0-9.-]{2,30}$/, 'Not a domain ending') }),
          body: tldSwitchSchema,
          response: {
            200: tldSwitchResultSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(tlds)
            .set({ enabled: request.body.enabled })
            .where(eq(tlds.tld, request.params.tld))
            .returning();
          if (!row)
            throw new AppError('NOT_FOUND', { message: `We do not sell .${request.params.tld}` });
          await recordAudit(tx, {
            adminId: request.admin.id,
            actor: request.admin.email,
            action: request.body.enabled ? 'tld.enabled' : 'tld.disabled',
            entityType: 'tld',
            entityId: row.tld,
            ip: request.ip,
          });
          app.domainChecker.forgetPrices();
          return { tld: row.tld, enabled: row.enabled };
        }),
    );
  });
}
