/** Domain orders for the back office's figures: margins by month and one order's history. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { domainOrderEvents, domainOrders } from '#db/schema/index.ts';
import type { DomainMarginMonth } from '#shared/domain-orders.schemas.ts';
import { centsToRand, vatFromInclusive } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * The domain margin per month of payment (13 months): sales of the names customers kept (excluding
 * VAT when we charge it) less what the registrar charges and each line's share of the card fee
 * (excluding VAT: a VAT vendor claims it back).
 */
export async function domainMarginByMonth(
  db: Db,
  options: { vatRegistered: boolean },
): Promise<DomainMarginMonth[]> {
  const result = await db.execute(sql`
    select to_char(o.paid_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as month,
           count(*)::int as domains,
           sum(d.price_cents)::bigint as sales_cents,
           sum(d.registrar_cost_cents)::bigint as registrar_cents,
           coalesce(sum(round(
             (select coalesce(sum(p.fee_cents), 0) from payments p
               where p.order_id = o.id and p.status = 'paid')
             * d.price_cents::numeric / nullif(o.total_cents, 0)
           )), 0)::bigint as fee_cents
    from domain_orders d
    join order_items oi on oi.domain_order_id = d.id
    join orders o on o.id = oi.order_id
    where o.paid_at is not null
      and o.paid_at > now() - interval '13 months'
      and d.status in ('paid', 'registering', 'active', 'renewed')
    group by 1
    order by 1 desc
  `);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  return rows.map((row) => {
    const sales = Number(row.sales_cents);
    const salesExVat = options.vatRegistered ? sales - vatFromInclusive(sales) : sales;
    const registrar = Number(row.registrar_cents);
    // PayFast's fee includes VAT, which only a VAT vendor claims back.
    const fees = options.vatRegistered
      ? Number(row.fee_cents) - vatFromInclusive(Number(row.fee_cents))
      : Number(row.fee_cents);
    return {
      month: String(row.month),
      domains: Number(row.domains),
      salesExVat: centsToRand(salesExVat),
      registrarCosts: centsToRand(registrar),
      paymentFees: centsToRand(fees),
      margin: centsToRand(salesExVat - registrar - fees),
    };
  });
}

export async function domainOrderHistory(db: Db, orderId: string) {
  const [order] = await db.select().from(domainOrders).where(eq(domainOrders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', { message: 'That domain order does not exist' });
  const events = await db
    .select()
    .from(domainOrderEvents)
    .where(eq(domainOrderEvents.orderId, orderId))
    .orderBy(desc(domainOrderEvents.id));
  return { order, events };
}
