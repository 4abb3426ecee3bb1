import { pricePackage } from '../catalogue/package-pricing.service.ts';
import { nothingToStart, type OrderLineKind } from '../orders/order-lines.service.ts';

/**
 * A company registration: a business-registration package with its add-ons and the company's
 * details (names to reserve, directors), checked by their schema in the cart. The line keeps the
 * details and is invoiced whole; the team files it with CIPC from the order book, so a payment
 * starts nothing by itself.
 */
export const businessRegistrationLineKind: OrderLineKind<'business-registration'> = {
  async price(db, line) {
    const priced = await pricePackage(db, line.packageId, line.addOnIds, 'business-registration');
    return {
      type: line.type,
      title: `${priced.title} (${line.details.names[0]})`,
      packageId: line.packageId,
      addOnIds: priced.addOnIds,
      quantity: line.quantity,
      unitPriceCents: priced.unitPriceCents,
      totalCents: priced.unitPriceCents * line.quantity,
      details: { ...line.details },
    };
  },
  fulfil: nothingToStart,
};
