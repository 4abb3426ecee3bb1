import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { serviceAddOns, servicePackages, services } from '#db/schema/index.ts';
import type { Service } from '#shared/catalogue.schemas.ts';
import { centsToRand } from '#shared/money.ts';
import type { AppInstance } from '../../app-instance.ts';

/**
 * Calls `onChange` whenever the catalogue or the TLD price list changes, in this process or any
 * other (a trigger NOTIFYs `catalogue` on commit), until the app closes.
 */
export async function whenCatalogueChanges(app: AppInstance, onChange: () => void) {
  const stop = await app.database.listen('catalogue', onChange);
  app.addHook('onClose', stop);
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
    packages: packageRows
      .filter((p) => p.serviceSlug === service.slug)
      .map((p) => ({
        id: p.id,
        name: p.name,
        price: centsToRand(p.priceCents),
        pricing: p.pricing,
        billing: p.billing,
        features: p.features,
        deliveryDays: p.deliveryDays,
        delivery: p.delivery,
      })),
    addOns: addOnRows
      .filter((a) => a.serviceSlug === service.slug)
      .map((a) => ({
        id: a.id,
        name: a.name,
        price: centsToRand(a.priceCents),
        billing: a.billing,
      })),
  }));
}
