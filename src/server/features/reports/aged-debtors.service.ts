import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orders, users } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import {
  ageBucketLabels,
  ageBuckets,
  type AgeBucket,
  type AgedDebtors,
  type BucketCents,
} from '#shared/reports.schemas.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { csvLines, csvText } from './csv.ts';

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

function bucketOf(ageDays: number): AgeBucket {
  if (ageDays >= 90) return 'days90';
  if (ageDays >= 60) return 'days60';
  if (ageDays >= 30) return 'days30';
  return 'current';
}

const noCents = (): BucketCents => ({ current: 0, days30: 0, days60: 0, days90: 0, total: 0 });

const add = (cents: BucketCents, bucket: AgeBucket, amount: number) => {
  cents[bucket] += amount;
  cents.total += amount;
};

/**
 * A debt is money a customer has undertaken to pay: an order awaiting payment for which they
 * chose a bank transfer or which has received part of its total. An order left at the card
 * payment page is an abandoned cart, not a debt. Aged by whole South African days since it was
 * ordered (no invoice exists until an order is paid).
 */
export async function agedDebtors(db: Db, now = new Date()): Promise<AgedDebtors> {
  const asOf = saToday(now);
  const rows = await db
    .select({ order: orders, name: users.fullName, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        sql`(exists (select 1 from payments p where p.order_id = ${orders.id}
              and (p.status = 'paid' or (p.method = 'eft' and p.status = 'pending')))
          or exists (select 1 from credit_entries c where c.order_id = ${orders.id}
              and c.kind = 'applied'))`,
      ),
    )
    .orderBy(asc(orders.createdAt));

  const customers = new Map<string, AgedDebtors['customers'][number]>();
  const totals = noCents();
  for (const { order, name, email } of rows) {
    const dueCents = order.totalCents - (await paidTowards(db, order.id));
    if (dueCents <= 0) continue;
    const orderedOn = saToday(order.createdAt);
    const ageDays = daysBetween(orderedOn, asOf);
    const bucket = bucketOf(ageDays);
    const customer = customers.get(email) ?? { name, email, debts: [], cents: noCents() };
    customers.set(email, customer);
    customer.debts.push({
      reference: order.reference,
      orderedOn,
      ageDays,
      bucket,
      totalCents: order.totalCents,
      dueCents,
    });
    add(customer.cents, bucket, dueCents);
    add(totals, bucket, dueCents);
  }
  // The customers owing the most first: whom to call.
  const byOwed = [...customers.values()].sort((a, b) => b.cents.total - a.cents.total);
  return { asOf, customers: byOwed, totals };
}

/** One row per customer with their buckets, then the totals: the same figures as the page. */
export function agedDebtorsCsv(report: AgedDebtors): string {
  const amounts = (cents: BucketCents) =>
    [...ageBuckets.map((bucket) => cents[bucket]), cents.total].map(centsToDecimalString);
  return csvLines([
    ['Customer', 'E-mail', ...ageBuckets.map((b) => `${ageBucketLabels[b]} (R)`), 'Total (R)'],
    ...report.customers.map((c) => [csvText(c.name), csvText(c.email), ...amounts(c.cents)]),
    ['Total', '', ...amounts(report.totals)],
  ]);
}
