import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { serviceAddOns, servicePackages, services } from '#db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { InvoicePart } from '../orders/order-lines.service.ts';

const refuse = (message: string) => new AppError('BAD_REQUEST', { message });

/** The R199 full speed report, sold only with the address it measures. */
export const speedReportPackage = 'speed-report';

/**
 * Prices one package (and its add-ons) from the database, as sold now; refuses anything not on
 * sale. `serviceSlug` is the service a line of its own sells from (business registration, the
 * speed report); without it, the packages that need details of their own are refused here.
 */
export async function pricePackage(
  db: Db | Tx,
  packageId: string,
  addOnIds: string[],
  serviceSlug?: string,
) {
  const [row] = await db
    .select({ pkg: servicePackages, service: services })
    .from(servicePackages)
    .innerJoin(services, eq(services.slug, servicePackages.serviceSlug))
    .where(
      and(
        eq(servicePackages.id, packageId),
        eq(servicePackages.active, true),
        eq(services.active, true),
      ),
    );
  if (!row) throw refuse(`The package "${packageId}" is not for sale`);
  if (serviceSlug && row.service.slug !== serviceSlug)
    throw refuse(`The package "${packageId}" is not part of ${serviceSlug}`);
  if (!serviceSlug && row.service.slug === 'business-registration')
    throw refuse('Business registration needs the company details: order it from its form');
  if (!serviceSlug && row.pkg.id === speedReportPackage)
    throw refuse(
      'The full speed report needs the address of the website to measure: add it to the cart from /services/speed-optimization',
    );
  if (row.pkg.pricing !== 'fixed') {
    throw refuse(
      `${row.service.name}: ${row.pkg.name} is priced by quote; request a quote instead`,
    );
  }
  const unique = [...new Set(addOnIds)];
  const addOns = unique.length
    ? await db
        .select()
        .from(serviceAddOns)
        .where(
          and(
            inArray(serviceAddOns.id, unique),
            eq(serviceAddOns.serviceSlug, row.service.slug),
            eq(serviceAddOns.active, true),
          ),
        )
    : [];
  if (addOns.length !== unique.length) {
    const missing = unique.filter((id) => !addOns.some((a) => a.id === id));
    throw refuse(`The add-on "${missing[0]}" is not available for ${row.service.name}`);
  }
  const parts: InvoicePart[] = [
    {
      name: `${row.service.name}: ${row.pkg.name}`,
      unitCents: row.pkg.priceCents,
      billing: row.pkg.billing,
    },
    ...addOns.map((a) => ({
      name: `${a.name} (add-on)`,
      unitCents: a.priceCents,
      billing: a.billing,
    })),
  ];
  return {
    title: [`${row.service.name}: ${row.pkg.name}`, ...addOns.map((a) => a.name)].join(' + '),
    unitPriceCents: row.pkg.priceCents + addOns.reduce((sum, a) => sum + a.priceCents, 0),
    addOnIds: unique,
    parts,
  };
}
