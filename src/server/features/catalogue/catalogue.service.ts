import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { serviceAddOns, servicePackages, services } from '#db/schema/index.ts';
import type { Service } from '#shared/catalogue.schemas.ts';
import {
  catalogue as shippedCatalogue,
  type CatalogueEdits,
  type CatalogueItemEdit,
} from '#shared/catalogue.ts';
import { centsToRand } from '#shared/money.ts';
import type { AppInstance } from '../../app-instance.ts';

const catalogueListeners = new WeakMap<AppInstance, Set<() => void>>();

/**
 * Calls `onChange` whenever the catalogue or the TLD price list changes, in this process or any
 * other (a trigger NOTIFYs `catalogue` on commit), until the app closes.
 */
export async function whenCatalogueChanges(app: AppInstance, onChange: () => void) {
  // One LISTEN (on PostgreSQL one connection) per app, shared by every reader of the catalogue.
  let listeners = catalogueListeners.get(app);
  if (!listeners) {
    const all = new Set<() => void>();
    catalogueListeners.set(app, all);
    listeners = all;
    const stop = await app.database.listen('catalogue', () =>
      all.forEach((listener) => listener()),
    );
    app.addHook('onClose', stop);
  }
  listeners.add(onChange);
}

/** Every active service with its active packages and add-ons, in catalogue order. */
export async function listServices(db: Db): Promise<Service[]> {
  const [serviceRows, packageRows, addOnRows] = await Promise.all([
    db.select().from(services).where(eq(services.active, true)).orderBy(asc(services.sort)),
    db
      .select()
      .from(servicePackages)
      .where(eq(servicePackages.active, true))
      .orderBy(asc(servicePackages.sort)),
    db
      .select()
      .from(serviceAddOns)
      .where(and(eq(serviceAddOns.active, true)))
      .orderBy(asc(serviceAddOns.sort)),
  ]);
  return serviceRows.map((service) => ({
    slug: service.slug,
    type: service.type,
    name: service.name,
    summary: service.summary,
    path: service.path,
    packages: packageRows.filter((p) => p.serviceSlug === service.slug).map(packageView),
    addOns: addOnRows.filter((a) => a.serviceSlug === service.slug).map(addOnView),
  }));
}

/** The business days a package promises to deliver in, as sold now; null for no such package. */
export async function packageDeliveryDays(db: Db | Tx, packageId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: servicePackages.deliveryDays })
    .from(servicePackages)
    .where(eq(servicePackages.id, packageId));
  return row?.days ?? null;
}

/** A package as the API shows it: its price in rand. */
export const packageView = (p: typeof servicePackages.$inferSelect) => ({
  id: p.id,
  name: p.name,
  price: centsToRand(p.priceCents),
  pricing: p.pricing,
  billing: p.billing,
  features: p.features,
  deliveryDays: p.deliveryDays,
  delivery: p.delivery,
});

/** An add-on as the API shows it: its price in rand. */
export const addOnView = (a: typeof serviceAddOns.$inferSelect) => ({
  id: a.id,
  name: a.name,
  price: centsToRand(a.priceCents),
  billing: a.billing,
});

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);

/**
 * How the database's catalogue differs from the one the code (and so the built pages) ships:
 * the prices, delivery times, features and on-sale switches an owner changed. Null when nothing
 * differs, so pages built from the code are served as they are. A row missing from the database
 * counts as off sale (the server would not sell it).
 */
export async function catalogueEdits(db: Db): Promise<CatalogueEdits | null> {
  const [serviceRows, packageRows, addOnRows] = await Promise.all([
    db.select().from(services),
    db.select().from(servicePackages),
    db.select().from(serviceAddOns),
  ]);
  const edits: Required<CatalogueEdits> = { services: {}, items: {} };
  const note = (id: string, edit: CatalogueItemEdit) => {
    if (Object.keys(edit).length) edits.items[id] = edit;
  };
  for (const service of shippedCatalogue) {
    const row = serviceRows.find((r) => r.slug === service.slug);
    if (!row?.active) edits.services[service.slug] = { active: false };
    for (const pkg of service.packages) {
      const found = packageRows.find((r) => r.id === pkg.id);
      if (!found) {
        note(pkg.id, { active: false });
        continue;
      }
      const edit: CatalogueItemEdit = {};
      if (found.priceCents !== pkg.priceCents) edit.priceCents = found.priceCents;
      if (found.delivery !== pkg.delivery) edit.delivery = found.delivery;
      if (found.deliveryDays !== pkg.deliveryDays) edit.deliveryDays = found.deliveryDays;
      if ((found.bestFor ?? null) !== (pkg.bestFor ?? null)) edit.bestFor = found.bestFor;
      if (!sameList(found.features, pkg.features)) edit.features = found.features;
      if (!found.active) edit.active = false;
      note(pkg.id, edit);
    }
    for (const addOn of service.addOns) {
      const found = addOnRows.find((r) => r.id === addOn.id);
      if (!found) {
        note(addOn.id, { active: false });
        continue;
      }
      const edit: CatalogueItemEdit = {};
      if (found.priceCents !== addOn.priceCents) edit.priceCents = found.priceCents;
      if (!found.active) edit.active = false;
      note(addOn.id, edit);
    }
  }
  const changed: CatalogueEdits = {};
  if (Object.keys(edits.services).length) changed.services = edits.services;
  if (Object.keys(edits.items).length) changed.items = edits.items;
  return changed.services || changed.items ? changed : null;
}
