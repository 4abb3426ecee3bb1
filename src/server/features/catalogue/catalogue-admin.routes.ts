import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import { serviceAddOns, servicePackages, services, tlds } from '#db/schema/index.ts';
import {
  addOnEditSchema,
  adminCatalogueSchema,
  catalogueSavedSchema,
  packageEditSchema,
  serviceEditSchema,
  tldPriceEditSchema,
  tldSavedSchema,
  type AdminCatalogue,
} from '#shared/catalogue-admin.schemas.ts';
import { yearMarginCents } from '#shared/domain-pricing.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { centsToRand, formatPrice, formatZAR, randToCents } from '#shared/money.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { addOnView, packageView } from './catalogue.service.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

type TldRow = typeof tlds.$inferSelect;

const idParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Not a catalogue id') });
const slugParams = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Not a service name'),
});
const tldParams = z.object({
  tld: z.string().regex(/^[a-z0-9.-]{2,30}$/, 'Not a domain ending'),
});
const saveErrors = errorResponses(...stateChangeErrors, 401, 404);

/** What changed between two rows, as `{ field: [before, after] }` for the audit log. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changed[key] = [before[key], value];
  }
  return changed;
}

/**
 * /admin/catalogue (issue 19 §4): owners change prices, delivery times, features and on-sale
 * switches of services, packages and add-ons, and the TLD price table. Each save is one
 * transaction with its audit row; its commit NOTIFYs `catalogue`, so every process's API, order
 * pricing and pages (plugins/web.ts) take the new values at once. Orders keep the prices they
 * were placed at: their lines hold their own amounts.
 */
export async function catalogueAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const { usdZarRate, vatRegistered } = app.domainChecker.pricing;

  const tldView = (row: TldRow) => {
    const year = (cents: number) =>
      centsToRand(app.domainChecker.yearPrice(cents, row.currency, row.premium).priceCents);
    return {
      tld: row.tld,
      currency: row.currency,
      registrationCost: centsToRand(row.registrationCostCents),
      renewalCost: centsToRand(row.renewalCostCents),
      transferCost: centsToRand(row.transferCostCents),
      registration: year(row.registrationCostCents),
      renewal: year(row.renewalCostCents),
      transfer: year(row.transferCostCents),
      premium: row.premium,
      enabled: row.enabled,
    };
  };

  const audit = (
    tx: Tx,
    request: { admin: { id: string; email: string }; ip: string },
    entry: { action: string; entityType: string; entityId: string; details: object },
  ) =>
    recordAudit(tx, {
      adminId: request.admin.id,
      actor: request.admin.email,
      ...entry,
      details: { ...entry.details },
      ip: request.ip,
    });

  await adminScope(app, 'owner', (admin) => {
    admin.get(
      '/api/admin/catalogue',
      { schema: { response: { 200: adminCatalogueSchema, ...errorResponses(401) } } },
      async (): Promise<AdminCatalogue> => {
        const [serviceRows, packageRows, addOnRows, tldRows] = await Promise.all([
          db.select().from(services).orderBy(asc(services.sort)),
          db.select().from(servicePackages).orderBy(asc(servicePackages.sort)),
          db.select().from(serviceAddOns).orderBy(asc(serviceAddOns.sort)),
          db.select().from(tlds).orderBy(asc(tlds.sort)),
        ]);
        return {
          services: serviceRows.map((service) => ({
            slug: service.slug,
            name: service.name,
            path: service.path,
            active: service.active,
            packages: packageRows
              .filter((p) => p.serviceSlug === service.slug)
              .map((p) => ({
                ...packageView(p),
                bestFor: p.bestFor,
                active: p.active,
                pausable: p.pausable,
              })),
            addOns: addOnRows
              .filter((a) => a.serviceSlug === service.slug)
              .map((a) => ({ ...addOnView(a), active: a.active })),
          })),
          tlds: tldRows.map(tldView),
          usdZarRate,
        };
      },
    );

    admin.put(
      '/api/admin/catalogue/services/:slug',
      {
        schema: {
          params: slugParams,
          body: serviceEditSchema,
          response: { 200: catalogueSavedSchema, ...saveErrors },
        },
      },
      (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(services)
            .where(eq(services.slug, request.params.slug))
            .for('update');
          if (!before) {
            throw new AppError('NOT_FOUND', {
              message: `There is no service called "${request.params.slug}"`,
            });
          }
          await tx
            .update(services)
            .set({ active: request.body.active })
            .where(eq(services.slug, before.slug));
          await audit(tx, request, {
            action: request.body.active
              ? 'catalogue.service_on_sale'
              : 'catalogue.service_off_sale',
            entityType: 'service',
            entityId: before.slug,
            details: changes({ active: before.active }, request.body),
          });
          return { id: before.slug, saved: true as const };
        }),
    );

    admin.put(
      '/api/admin/catalogue/packages/:id',
      {
        schema: {
          params: idParams,
          body: packageEditSchema,
          response: { 200: catalogueSavedSchema, ...saveErrors },
        },
      },
      (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(servicePackages)
            .where(eq(servicePackages.id, request.params.id))
            .for('update');
          if (!before) {
            throw new AppError('NOT_FOUND', {
              message: `There is no package "${request.params.id}"`,
            });
          }
          const { price, pausable, ...rest } = request.body;
          const after = {
            priceCents: randToCents(price),
            ...rest,
            ...(pausable === undefined ? {} : { pausable }),
          };
          await tx.update(servicePackages).set(after).where(eq(servicePackages.id, before.id));
          await audit(tx, request, {
            action: 'catalogue.package_updated',
            entityType: 'service_package',
            entityId: before.id,
            details: changes(before, after),
          });
          return { id: before.id, saved: true as const };
        }),
    );

    admin.put(
      '/api/admin/catalogue/add-ons/:id',
      {
        schema: {
          params: idParams,
          body: addOnEditSchema,
          response: { 200: catalogueSavedSchema, ...saveErrors },
        },
      },
      (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(serviceAddOns)
            .where(eq(serviceAddOns.id, request.params.id))
            .for('update');
          if (!before) {
            throw new AppError('NOT_FOUND', {
              message: `There is no add-on "${request.params.id}"`,
            });
          }
          const after = {
            priceCents: randToCents(request.body.price),
            active: request.body.active,
          };
          await tx.update(serviceAddOns).set(after).where(eq(serviceAddOns.id, before.id));
          await audit(tx, request, {
            action: 'catalogue.add_on_updated',
            entityType: 'service_add_on',
            entityId: before.id,
            details: changes(before, after),
          });
          return { id: before.id, saved: true as const };
        }),
    );

    admin.put(
      '/api/admin/catalogue/tlds/:tld',
      {
        schema: {
          params: tldParams,
          body: tldPriceEditSchema,
          response: { 200: tldSavedSchema, ...saveErrors },
        },
      },
      (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(tlds)
            .where(eq(tlds.tld, request.params.tld))
            .for('update');
          if (!before) {
            throw new AppError('NOT_FOUND', { message: `We do not sell .${request.params.tld}` });
          }
          const { currency } = request.body;
          const after = {
            currency,
            registrationCostCents: randToCents(request.body.registrationCost),
            renewalCostCents: randToCents(request.body.renewalCost),
            transferCostCents: randToCents(request.body.transferCost),
            enabled: request.body.enabled,
          };
          // A premium ending is sold at cost (SPEC: 0% markup); every other sale must keep a
          // margin after VAT and PayFast's card fee.
          if (!before.premium) {
            for (const [what, cents] of [
              ['registration', after.registrationCostCents],
              ['renewal', after.renewalCostCents],
              ['transfer', after.transferCostCents],
            ] as const) {
              const year = app.domainChecker.yearPrice(cents, currency, false);
              const margin = yearMarginCents(year, vatRegistered);
              if (margin < 0) {
                throw new AppError('BAD_REQUEST', {
                  message: `A ${what} of .${before.tld} at a cost of ${formatPrice(centsToRand(cents), currency)} would sell for ${formatZAR(year.priceCents)} and lose ${formatZAR(-margin)} after ${vatRegistered ? 'VAT and ' : ''}PayFast's card fee: the cost is below what the markup can carry`,
                });
              }
            }
          }
          const [row] = await tx
            .update(tlds)
            .set(after)
            .where(eq(tlds.tld, before.tld))
            .returning();
          await audit(tx, request, {
            action: 'tld.prices_updated',
            entityType: 'tld',
            entityId: before.tld,
            details: changes(before, after),
          });
          app.domainChecker.forgetPrices();
          return tldView(row!);
        }),
    );
  });
}
