import type { Db } from '#db/client.ts';
import {
  kindOf,
  nothingToStart,
  type CartLine,
  type OrderLineKind,
  type OrderLineRegistry,
  type PricedLine,
} from './order-lines.service.ts';

/** The R5.00 line of /payment/test (sandbox and simulator only). */
export const testPaymentLine: PricedLine = {
  type: 'test',
  title: 'Test payment: no service is supplied',
  packageId: null,
  addOnIds: [],
  quantity: 1,
  unitPriceCents: 500,
  totalCents: 500,
};

/** The test payment's kind: made by the server, never by a cart; a payment starts nothing. */
export const testLineKind: OrderLineKind<'test'> = {
  price: async () => testPaymentLine,
  fulfil: nothingToStart,
};

/** Every line priced on the server by its kind; the browser's `price` and `title` are never read. */
export async function priceLines(
  db: Db,
  registry: OrderLineRegistry,
  items: CartLine[],
  userId: string,
): Promise<PricedLine[]> {
  const lines: PricedLine[] = [];
  for (const item of items) {
    lines.push(await kindOf(registry, item.type)!.price(db, item, { userId }));
  }
  return lines;
}
