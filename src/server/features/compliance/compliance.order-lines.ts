import { and, eq } from 'drizzle-orm';
import { complianceCompanies } from '#db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { pricePackage } from '../catalogue/package-pricing.service.ts';
import type { OrderLineKind } from '../orders/order-lines.service.ts';

/**
 * "We file it for you": the annual-return filing package for one company of the customer's
 * calendar, its line titled with the company's name and number so the team files for the right
 * one. Paid, it is taken on by the team from the order book like the service's other packages.
 */
export const complianceFilingLineKind: OrderLineKind<'compliance-filing'> = {
  async price(db, line, { userId }) {
    const [company] = await db
      .select()
      .from(complianceCompanies)
      .where(
        and(eq(complianceCompanies.id, line.companyId), eq(complianceCompanies.userId, userId)),
      );
    if (!company)
      throw new AppError('VALIDATION_ERROR', {
        message: 'That company is not on your compliance calendar',
      });
    const priced = await pricePackage(db, line.packageId, []);
    return {
      type: line.type,
      title: `${priced.title}: ${company.name} (${company.registrationNumber})`,
      packageId: line.packageId,
      addOnIds: [],
      quantity: 1,
      unitPriceCents: priced.unitPriceCents,
      totalCents: priced.unitPriceCents,
      details: { companyId: company.id, registrationNumber: company.registrationNumber },
    };
  },
  fulfil: async () => {},
};
