import { eq, sql } from 'drizzle-orm';
import { catalogue, tldPrices } from '#shared/catalogue.ts';
import type { Db, Tx } from './client.ts';
import { appMeta, serviceAddOns, servicePackages, services, tlds } from './schema/index.ts';

/** Bump when the seed below changes so an existing database picks it up at the next start. */
const SEED_VERSION = '3';

/** Writes the catalogue of src/shared/catalogue.ts; rows it no longer lists are deactivated. */
async function seedCatalogue(tx: Tx): Promise<void> {
  await tx.update(services).set({ active: false });
  await tx.update(servicePackages).set({ active: false });
  await tx.update(serviceAddOns).set({ active: false });
  for (const [sort, service] of catalogue.entries()) {
    const row = {
      type: service.type,
      name: service.name,
      summary: service.summary,
      path: service.path,
      sort,
      active: true,
    };
    await tx
      .insert(services)
      .values({ slug: service.slug, ...row })
      .onConflictDoUpdate({ target: services.slug, set: row });
    for (const [packageSort, pkg] of service.packages.entries()) {
      const values = {
        serviceSlug: service.slug,
        name: pkg.name,
        priceCents: pkg.priceCents,
        pricing: pkg.pricing,
        billing: pkg.billing,
        deliveryDays: pkg.deliveryDays,
        delivery: pkg.delivery,
        bestFor: pkg.bestFor ?? null,
        featured: pkg.featured ?? false,
        features: pkg.features,
        sort: packageSort,
        active: true,
      };
      await tx
        .insert(servicePackages)
        .values({ id: pkg.id, ...values })
        .onConflictDoUpdate({ target: servicePackages.id, set: values });
    }
    for (const [addOnSort, addOn] of service.addOns.entries()) {
      const values = {
        serviceSlug: service.slug,
        name: addOn.name,
        priceCents: addOn.priceCents,
        billing: addOn.billing,
        sort: addOnSort,
        active: true,
      };
      await tx
        .insert(serviceAddOns)
        .values({ id: addOn.id, ...values })
        .onConflictDoUpdate({ target: serviceAddOns.id, set: values });
    }
  }
}

/** New endings are added; costs, currency and switches an admin changed are left alone. */
async function seedTlds(tx: Tx): Promise<void> {
  for (const [sort, price] of tldPrices.entries()) {
    await tx
      .insert(tlds)
      .values({ ...price, sort })
      .onConflictDoNothing();
  }
}

/** Idempotent: seeds what the site needs to run, once per seed version. */
export async function seedDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeder at a time when several processes start together.
    await tx.execute(sql`select pg_advisory_xact_lock(7160001)`);
    const [current] = await tx.select().from(appMeta).where(eq(appMeta.key, 'seed_version'));
    if (current?.value === SEED_VERSION) return;
    await seedCatalogue(tx);
    await seedTlds(tx);
    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: SEED_VERSION, updatedAt: sql`now()` },
      });
  });
}
