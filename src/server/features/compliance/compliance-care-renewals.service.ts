/**
 * Compliance care's renewals (decision 037): 30 days before a plan's year ends, one renewal
 * order, charged to a saved card or mailed, and chased by the "Yearly services" dunning policy.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { complianceCompanies, compliancePlans, users } from '#db/schema/index.ts';
import { formatDate, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { openRenewalOrder } from '../dunning/renewal-orders.service.ts';
import type { PricedLine } from '../orders/order-lines.service.ts';
import { careRenewalInvoiceMail } from './compliance-care-mails.ts';
import { shiftDays } from './compliance.service.ts';
import { careLeadDays } from './compliance-care.service.ts';

type PlanRow = typeof compliancePlans.$inferSelect;
type CareDeps = { db: Db; config: Pick<Config, 'site' | 'publicUrl' | 'supplier'> };

/**
 * Renewal orders for the plans whose year ends within 30 days, renewal on: one per year's end
 * (`renewalInvoicedFor`, set in the order's transaction under the plan's lock), chased by the
 * yearly dunning policy from that end, charged to a saved card when the customer keeps one,
 * else mailed. Returns how many were made.
 */
export async function invoiceCareRenewals(
  deps: CareDeps,
  line: (tx: Tx, plan: PlanRow) => Promise<PricedLine>,
  now = new Date(),
): Promise<{ made: number; failed: { planId: string; error: string }[] }> {
  const today = saToday(now);
  const horizon = shiftDays(today, careLeadDays);
  const due = await deps.db
    .select({ id: compliancePlans.id })
    .from(compliancePlans)
    .where(
      and(
        eq(compliancePlans.status, 'active'),
        eq(compliancePlans.autoRenew, true),
        gt(compliancePlans.coveredUntil, today),
        lte(compliancePlans.coveredUntil, horizon),
      ),
    );
  let made = 0;
  const failed: { planId: string; error: string }[] = [];
  // Each plan in its own transaction and its own try: one that cannot be priced (the package
  // taken off sale) is reported, and the others are still invoiced.
  for (const { id } of due) {
    const invoiced = await deps.db
      .transaction(async (tx) => {
        const [plan] = await tx
          .select()
          .from(compliancePlans)
          .where(eq(compliancePlans.id, id))
          .for('update');
        if (!plan || plan.status !== 'active' || !plan.autoRenew) return false;
        if (plan.renewalInvoicedFor === plan.coveredUntil) return false;
        const priced = await line(tx, plan);
        const order = await openRenewalOrder(tx, {
          userId: plan.userId,
          line: priced,
          kind: 'yearly',
          title: priced.title,
          dueAt: new Date(`${plan.coveredUntil}T00:00:00+02:00`),
          vatRegistered: deps.config.supplier.vatNumber !== undefined,
        });
        await tx
          .update(compliancePlans)
          .set({ renewalInvoicedFor: plan.coveredUntil })
          .where(eq(compliancePlans.id, plan.id));
        if (order.charged) return true;
        const [owner] = await tx
          .select({
            id: users.id,
            email: users.email,
            fullName: users.fullName,
            company: complianceCompanies.name,
          })
          .from(users)
          .innerJoin(complianceCompanies, eq(complianceCompanies.id, plan.companyId))
          .where(eq(users.id, plan.userId));
        if (owner) {
          await queueMail(tx, {
            to: owner.email,
            userId: owner.id,
            ...careRenewalInvoiceMail(deps.config, {
              customerName: owner.fullName,
              companyName: owner.company,
              coveredUntil: formatDate(plan.coveredUntil),
              orderReference: order.reference,
              total: formatZAR(priced.totalCents),
            }),
          });
        }
        return true;
      })
      .catch((error: unknown) => {
        failed.push({ planId: id, error: error instanceof Error ? error.message : String(error) });
        return false;
      });
    if (invoiced) made += 1;
  }
  return { made, failed };
}
