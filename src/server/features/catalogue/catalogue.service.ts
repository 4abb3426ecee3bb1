import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { serviceAddOns, servicePackages, services } from '#db/schema/index.ts';
import type { Service } from '#shared/catalogue.schemas.ts';
import { centsToRand } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';

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

export async function getService(db: Db, slug: string): Promise<Service> {
  const service = (await listServices(db)).find((s) => s.slug === slug);
  if (!service)
    throw new AppError('NOT_FOUND', { message: `There is no service called "${slug}"` });
  return service;
}
