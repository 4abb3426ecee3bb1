import { and, eq, notInArray, sql } from 'drizzle-orm';
import { catalogue, tldPrices } from '#shared/catalogue.ts';
import type { Db, Tx } from './client.ts';
import { appMeta, serviceAddOns, servicePackages, services, tlds } from './schema/index.ts';

/** Bump when the seed below changes so an existing database picks it up at the next start. */
export const SEED_VERSION = '5';

/**
 * Feature lists once shipped with a wording since corrected. A row still holding one word for word
 * was never edited by the owner, so it takes the code's list; an edited one is left alone.
 */
const correctedFeatures: Record<string, string[]> = {
  'email-team': [
    'Everything for 1 mailbox, five times',
    'Shared calendars and contacts',
    'Set-up on your team’s devices',
  ],
  'email-business': [
    'Everything in 5 mailboxes',
    '50 GB of storage per mailbox',
    'Priority support',
  ],
};

/**
 * Writes the catalogue of src/shared/catalogue.ts: rows it lacks are added; on rows it already has
 * only what the code owns is brought up to date (names, kind of pricing, billing, order). What an
 * owner edits in the back office — prices, delivery times, features, on-sale switches — is left
 * as the database has it. Rows the code no longer lists are taken off sale.
 */
async function seedCatalogue(tx: Tx): Promise<void> {
  const serviceSlugs = catalogue.map((service) => service.slug);
  const packageIds = catalogue.flatMap((service) => service.packages.map((p) => p.id));
  const addOnIds = catalogue.flatMap((service) => service.addOns.map((a) => a.id));
  await tx.update(services).set({ active: false }).where(notInArray(services.slug, serviceSlugs));
  await tx
    .update(servicePackages)
    .set({ active: false })
    .where(notInArray(servicePackages.id, packageIds));
  await tx
    .update(serviceAddOns)
    .set({ active: false })
    .where(notInArray(serviceAddOns.id, addOnIds));
  for (const [sort, service] of catalogue.entries()) {
    const row = {
      type: service.type,
      name: service.name,
      summary: service.summary,
      path: service.path,
      sort,
    };
    await tx
      .insert(services)
      .values({ slug: service.slug, ...row })
      .onConflictDoUpdate({ target: services.slug, set: row });
    for (const [packageSort, pkg] of service.packages.entries()) {
      const owned = {
        serviceSlug: service.slug,
        name: pkg.name,
        pricing: pkg.pricing,
        billing: pkg.billing,
        featured: pkg.featured ?? false,
        sort: packageSort,
      };
      await tx
        .insert(servicePackages)
        .values({
          id: pkg.id,
          ...owned,
          priceCents: pkg.priceCents,
          deliveryDays: pkg.deliveryDays,
          delivery: pkg.delivery,
          bestFor: pkg.bestFor ?? null,
          features: pkg.features,
          pausable: pkg.pausable ?? false,
        })
        .onConflictDoUpdate({ target: servicePackages.id, set: owned });
      const shippedBefore = correctedFeatures[pkg.id];
      if (shippedBefore) {
        await tx
          .update(servicePackages)
          .set({ features: pkg.features })
          .where(
            and(
              eq(servicePackages.id, pkg.id),
              sql`${servicePackages.features} = ${JSON.stringify(shippedBefore)}::jsonb`,
            ),
          );
      }
    }
    for (const [addOnSort, addOn] of service.addOns.entries()) {
      const owned = {
        serviceSlug: service.slug,
        name: addOn.name,
        billing: addOn.billing,
        sort: addOnSort,
      };
      await tx
        .insert(serviceAddOns)
        .values({ id: addOn.id, ...owned, priceCents: addOn.priceCents })
        .onConflictDoUpdate({ target: serviceAddOns.id, set: owned });
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
