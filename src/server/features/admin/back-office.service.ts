import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DatabaseKind } from '#db/client.ts';
import { contactMessages, domainOrders, mailOutbox, orders, users } from '#db/schema/index.ts';
import type {
  AdminDashboard,
  ContactMessagePage,
  DatabaseTables,
  OutboxMessage,
  OutboxPage,
} from '#shared/admin.schemas.ts';
import { centsToRand } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';

// Days and months are South African ones.
const todaySa = sql`(now() at time zone 'Africa/Johannesburg')::date`;
const monthSa = sql`date_trunc('month', now() at time zone 'Africa/Johannesburg')`;
const localTime = (column: unknown) => sql`(${column} at time zone 'Africa/Johannesburg')`;

/**
 * The dashboard's figures, live from the database. Support tickets have no open/closed state
 * yet, so that figure stays null (shown as an empty state, not an invented zero).
 */
export async function loadDashboard(db: Db): Promise<AdminDashboard> {
  const [[customers], newest, [today], [month], [awaiting]] = await Promise.all([
    db.select({ n: count() }).from(users).where(isNull(users.deletedAt)),
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(isNull(users.deletedAt))
      .orderBy(desc(users.createdAt))
      .limit(5),
    db
      .select({ n: count() })
      .from(orders)
      .where(sql`${localTime(orders.createdAt)}::date = ${todaySa}`),
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.subtotalCents}), 0)::int` })
      .from(orders)
      .where(sql`${orders.paidAt} is not null and ${localTime(orders.paidAt)} >= ${monthSa}`),
    db
      .select({ n: count() })
      .from(domainOrders)
      .where(sql`${domainOrders.status} in ('paid', 'registering')`),
  ]);
  return {
    ordersToday: today?.n ?? 0,
    revenueThisMonthExVatCents: Number(month?.cents ?? 0),
    openTickets: null,
    domainsAwaitingRegistration: awaiting?.n ?? 0,
    customers: customers?.n ?? 0,
    newestSignups: newest.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
}

/** Per month, newest first: what was paid, the VAT in it, PayFast's fees and registrar costs. */
export async function profitByMonth(db: Db) {
  const result = await db.execute(sql`
    with paid as (
      select o.id, o.total_cents, o.vat_cents,
             to_char(o.paid_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as month
      from orders o
      where o.paid_at is not null
        and o.paid_at > now() - interval '13 months'
    )
    select paid.month,
           count(*)::int as orders,
           sum(paid.total_cents)::int as total_cents,
           sum(paid.vat_cents)::int as vat_cents,
           coalesce(sum((select sum(coalesce(p.fee_cents, 0)) from payments p
                          where p.order_id = paid.id and p.status = 'paid')), 0)::int as fee_cents,
           coalesce(sum((select sum(d.registrar_cost_cents) from order_items oi
                          join domain_orders d on d.id = oi.domain_order_id
                          where oi.order_id = paid.id)), 0)::int as registrar_cents
    from paid
    group by paid.month
    order by paid.month desc
  `);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  return rows.map((r) => {
    const total = Number(r.total_cents);
    const vat = Number(r.vat_cents);
    const fees = Number(r.fee_cents);
    const registrar = Number(r.registrar_cents);
    return {
      month: String(r.month),
      orders: Number(r.orders),
      revenue: centsToRand(total),
      vat: centsToRand(vat),
      revenueExVat: centsToRand(total - vat),
      paymentFees: centsToRand(fees),
      registrarCosts: centsToRand(registrar),
      grossProfit: centsToRand(total - vat - fees - registrar),
    };
  });
}

const outboxPageSize = 25;

const outboxColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

const toIso = <T extends { createdAt: Date; sentAt: Date | null }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export async function listOutbox(db: Db, page: number): Promise<OutboxPage> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(outboxColumns)
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(outboxPageSize)
      .offset((page - 1) * outboxPageSize),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return { items: rows.map(toIso), total: totals?.total ?? 0, page, pageSize: outboxPageSize };
}

export async function readOutboxMessage(db: Db, id: string): Promise<OutboxMessage> {
  const [row] = await db
    .select({ ...outboxColumns, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'That message is not in the outbox' });
  return toIso(row);
}

/** Every table of the application with its exact row count. */
export async function listDatabaseTables(db: Db, engine: DatabaseKind): Promise<DatabaseTables> {
  const result = await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = (result as unknown as { rows: { name: string }[] }).rows;
  const tables = [];
  for (const { name } of names) {
    const counted = await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    const rows = (counted as unknown as { rows: { n: number }[] }).rows;
    tables.push({ name, rows: Number(rows[0]?.n ?? 0) });
  }
  return {
    engine: engine === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL server',
    tables,
  };
}

const messagesPageSize = 25;

/** Support enquiries from the contact form, newest first. */
export async function listContactMessages(db: Db, page: number): Promise<ContactMessagePage> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(messagesPageSize)
      .offset((page - 1) * messagesPageSize),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    page,
    pageSize: messagesPageSize,
  };
}
