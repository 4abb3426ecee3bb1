import type { Db } from '#db/client.ts';
import { catalogue } from '#shared/catalogue.ts';
import type {
  LineFulfilment,
  LineInput,
  OrderLineKind,
  PricedLine,
} from '../orders/order-lines.service.ts';
import { pricePackage } from './package-pricing.service.ts';

/** The catalogue service each package is sold under (ids are unique across the catalogue). */
const serviceOfPackage = new Map(
  catalogue.flatMap((service) => service.packages.map((p) => [p.id, service.slug] as const)),
);

/**
 * A catalogue package with its add-ons, from a service page (`package`) or the service builder
 * (`bundle`), priced from the database as sold now; each part is its own invoice line. What a
 * payment starts depends on the package's service: the feature that delivers a service says so
 * in `deliveries`, by service slug (a website project, a plan for our writers); the packages of
 * the other services are taken on by the team from the order book.
 */
export function catalogueLineKinds(deliveries: Readonly<Record<string, LineFulfilment>>): {
  package: OrderLineKind<'package'>;
  bundle: OrderLineKind<'bundle'>;
} {
  async function price(db: Db, line: LineInput<'package' | 'bundle'>): Promise<PricedLine> {
    const priced = await pricePackage(db, line.packageId, line.addOnIds);
    return {
      type: line.type,
      title: priced.title,
      packageId: line.packageId,
      addOnIds: priced.addOnIds,
      quantity: line.quantity,
      unitPriceCents: priced.unitPriceCents,
      totalCents: priced.unitPriceCents * line.quantity,
      // The package and each add-on at the price charged, for their own invoice lines.
      details: { parts: priced.parts },
    };
  }
  const fulfil: LineFulfilment = async (tx, line, context) => {
    const service = line.packageId ? serviceOfPackage.get(line.packageId) : undefined;
    if (service && Object.hasOwn(deliveries, service)) {
      await deliveries[service]!(tx, line, context);
    }
  };
  return { package: { price, fulfil }, bundle: { price, fulfil } };
}
