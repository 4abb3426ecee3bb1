import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { registrarPrices, tlds } from '#db/schema/index.ts';
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
import { registrarNames } from '../../integrations/registrar/registrar-router.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { reconcileRegistrar } from './registrar-reconciliation.service.ts';

/**
 * /admin/dnsimple-management: the registrars configured and their accounts, mismatches with our
 * records, and the TLD table with each ending's registrar (the owners' routing table).
 */
export async function registrarAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/registrar',
      { schema: { response: { 200: registrarOverviewSchema, ...errorResponses(401, 503) } } },
      async () => {
        try {
          const [registrars, reconciliation, tldRows] = await Promise.all([
            Promise.all(
              app.registrar.configured.map(async (registrar) => ({
                provider: registrar.provider,
                account: await registrar.account(),
              })),
            ),
            reconcileRegistrar(db, app.registrar),
            db
              .select()
              .from(tlds)
              .leftJoin(registrarPrices, eq(registrarPrices.tld, tlds.tld))
              .orderBy(asc(tlds.sort)),
          ]);
          return {
            provider: app.registrar.provider,
            account: registrars[0]!.account,
            registrars,
            reconciliation,
            tlds: tldRows.map(({ tlds: row, registrar_prices: live }) => {
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
                route: row.registrar,
                registrar: row.registrar ?? app.registrar.provider,
                refusal: row.refusal,
                pricesCheckedAt: live?.checkedAt.toISOString() ?? null,
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
          const { enabled, registrar } = request.body;
          const configured = app.registrar.configured.map((r) => r.provider);
          if (registrar && !configured.includes(registrar)) {
            throw new AppError('BAD_REQUEST', {
              message: `${registrarNames[registrar]} is not configured here: set its settings first`,
            });
          }
          const [before] = await tx
            .select()
            .from(tlds)
            .where(eq(tlds.tld, request.params.tld))
            .for('update');
          if (!before)
            throw new AppError('NOT_FOUND', { message: `We do not sell .${request.params.tld}` });
          const rerouted = registrar !== undefined && registrar !== before.registrar;
          const [row] = await tx
            .update(tlds)
            .set({
              ...(enabled === undefined ? {} : { enabled }),
              // Another registrar answers for itself: the old one's refusal no longer applies.
              ...(rerouted ? { registrar, refusal: null, refusedAt: null } : {}),
            })
            .where(eq(tlds.tld, before.tld))
            .returning();
          if (enabled !== undefined && enabled !== before.enabled) {
            await recordAudit(tx, {
              adminId: request.admin.id,
              actor: request.admin.email,
              action: enabled ? 'tld.enabled' : 'tld.disabled',
              entityType: 'tld',
              entityId: before.tld,
              ip: request.ip,
            });
          }
          if (rerouted) {
            await recordAudit(tx, {
              adminId: request.admin.id,
              actor: request.admin.email,
              action: 'tld.routed',
              entityType: 'tld',
              entityId: before.tld,
              ip: request.ip,
              details: { from: before.registrar ?? 'default', to: registrar ?? 'default' },
            });
          }
          app.registrarRoutes.forget();
          app.domainChecker.forgetPrices();
          return {
            tld: row!.tld,
            enabled: row!.enabled,
            route: row!.registrar,
            registrar: row!.registrar ?? app.registrar.provider,
          };
        }),
    );
  });
}
