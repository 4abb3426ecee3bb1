import { pricePackage } from '../catalogue/package-pricing.service.ts';
import type { OrderLineKind } from '../orders/order-lines.service.ts';
import { openRegistrationCase } from '../registrations/registrations.service.ts';

/**
 * A company registration: a business-registration package with its add-ons and the company's
 * details (names to reserve, directors), checked by their schema in the cart. The line keeps the
 * details and is invoiced whole; a payment opens its registration case, which the team works
 * through CIPC and SARS and the customer follows (issue 34 §1).
 */
export const businessRegistrationLineKind = (
  config: Parameters<typeof openRegistrationCase>[0],
): OrderLineKind<'business-registration'> => ({
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
  fulfil: openRegistrationCase(config),
});
