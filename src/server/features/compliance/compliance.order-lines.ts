import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { complianceCompanies } from '#db/schema/index.ts';
import { complianceCarePackageId } from '#shared/compliance.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { AppError } from '../../plugins/errors.ts';
import { pricePackage } from '../catalogue/package-pricing.service.ts';
import type { OrderLineKind, PricedLine } from '../orders/order-lines.service.ts';
import { extendCare, lapseCare, refundCare, setCareSuspended } from './compliance-care.service.ts';

/**
 * A package priced for one company of the customer's calendar, its line titled with the
 * company's name and number so the team files for the right one.
 */
async function priceForCompany(
  db: Db | Tx,
  line: { type: 'compliance-filing' | 'compliance-care'; packageId: string; companyId: string },
  userId: string,
  details: Record<string, unknown> = {},
): Promise<PricedLine> {
  const [company] = await db
    .select()
    .from(complianceCompanies)
    .where(and(eq(complianceCompanies.id, line.companyId), eq(complianceCompanies.userId, userId)));
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
    details: { companyId: company.id, registrationNumber: company.registrationNumber, ...details },
  };
}

/**
 * "We file it for you": the annual-return filing package for one company of the customer's
 * calendar. Paid, it is taken on by the team from the order book like the service's other packages.
 */
export const complianceFilingLineKind: OrderLineKind<'compliance-filing'> = {
  price: (db, line, { userId }) => priceForCompany(db, line, userId),
  fulfil: async () => {},
};

/** The renewal line of a plan's next year (made by the daily run, 30 days before its end). */
export const careRenewalLine = (
  tx: Tx,
  plan: { companyId: string; userId: string; coveredUntil: string },
): Promise<PricedLine> =>
  priceForCompany(
    tx,
    { type: 'compliance-care', packageId: complianceCarePackageId, companyId: plan.companyId },
    plan.userId,
    { renewalFor: plan.coveredUntil },
  );

/**
 * Compliance care (issue 34 §3): a year of filings for one company. Paid, the plan starts or
 * gains a year; refunded, it gives the year back; suspended and restored by dunning; an unpaid
 * renewal given up lets the plan lapse.
 */
export const complianceCareLineKind: OrderLineKind<'compliance-care'> = {
  price: (db, line, { userId }) => priceForCompany(db, line, userId),
  fulfil: async (tx, line, { order }) => {
    if (order.userId) await extendCare(tx, line, order.userId, saToday());
  },
  undo: (tx, line) => refundCare(tx, line),
  release: (tx, line) => lapseCare(tx, line),
  suspend: (tx, line) => setCareSuspended(tx, line, true),
  unsuspend: (tx, line) => setCareSuspended(tx, line, false),
};
