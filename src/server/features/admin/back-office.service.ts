import { count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DatabaseKind } from '#db/client.ts';
import { domainOrders, mailOutbox, orders, payments, refunds, users } from '#db/schema/index.ts';
import { countOpenOverpayments } from '../payments/refund-ledger.service.ts';
import { countOpenTickets } from '../tickets/tickets.service.ts';
import { countProjectsByStage } from '../projects/admin-projects.service.ts';
import type {
  AdminDashboard,
  DatabaseTables,
  OutboxMessage,
  OutboxPage,
} from '#shared/admin.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import { mintMailLink } from '../../integrations/mail/mail-links.ts';
import { recordAudit } from './audit-log.service.ts';
import journal from '#db/migrations/meta/_journal.json' with { type: 'json' };

// Days and months are South African ones.
const todaySa = sql`(now() at time zone 'Africa/Johannesburg')::date`;
const monthSa = sql`date_trunc('month', now() at time zone 'Africa/Johannesburg')`;
const localTime = (column: unknown) => sql`(${column} at time zone 'Africa/Johannesburg')`;

/**
 * Sales excl. VAT paid in [from, to) (South African time) less what was refunded of them in
 * that span (overpayments are not sales): the dashboard's revenue of a month.
 */
async function netRevenueCents(db: Db, from: SQL, to: SQL): Promise<number> {
  const [sold] = await db
    .select({ cents: sql<number>`coalesce(sum(${orders.subtotalCents}), 0)::int` })
    .from(orders)
    .where(
      sql`${orders.paidAt} is not null and ${localTime(orders.paidAt)} >= ${from} and ${localTime(orders.paidAt)} < ${to}`,
    );
  const [refunded] = await db
    .select({
      cents: sql<number>`coalesce(sum(${refunds.amountCents} - ${refunds.vatCents}), 0)::int`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      sql`${refunds.status} = 'completed' and not ${payments.overpayment} and ${localTime(refunds.completedAt)} >= ${from} and ${localTime(refunds.completedAt)} < ${to}`,
    );
  return Number(sold?.cents ?? 0) - Number(refunded?.cents ?? 0);
}

/**
 * The dashboard's figures, live from the database; open tickets are those open or awaiting the
 * customer.
 */
export async function loadDashboard(db: Db): Promise<AdminDashboard> {
  const [[customers], newest, [today], [awaiting]] = await Promise.all([
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
      .select({ n: count() })
      .from(domainOrders)
      .where(sql`${domainOrders.status} in ('paid', 'registering')`),
  ]);
  const lastMonthSa = sql`(${monthSa} - interval '1 month')`;
  return {
    ordersToday: today?.n ?? 0,
    revenueThisMonthExVatCents: await netRevenueCents(db, monthSa, sql`'infinity'::timestamp`),
    revenueLastMonthExVatCents: await netRevenueCents(db, lastMonthSa, monthSa),
    overpaymentsToRefund: await countOpenOverpayments(db),
    openTickets: await countOpenTickets(db),
    projectsByStage: await countProjectsByStage(db),
    domainsAwaitingRegistration: awaiting?.n ?? 0,
    customers: customers?.n ?? 0,
    newestSignups: newest.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
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

async function findOutboxMessage(db: Db, id: string) {
  const [row] = await db
    .select({
      ...outboxColumns,
      text: mailOutbox.text,
      html: mailOutbox.html,
      linkToken: mailOutbox.linkToken,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'That message is not in the outbox' });
  return row;
}

/**
 * One kept message, as stored: a link that carries a token shows it taken out. `mayOpen` says
 * whether this reader may open it with a working link instead (see openOutboxMessage).
 */
export async function readOutboxMessage(
  db: Db,
  id: string,
  mayOpen: boolean,
): Promise<OutboxMessage> {
  const { linkToken, ...row } = await findOutboxMessage(db, id);
  const tokenLink = !linkToken ? 'none' : mayOpen ? 'open-here' : 'minted-on-delivery';
  return { ...toIso(row), tokenLink };
}

/**
 * Delivers a kept message to the screen where there is no SMTP server (development): its link
 * gets a fresh token, which only this answer carries; an earlier one stops working. Audited.
 */
export async function openOutboxMessage(
  db: Db,
  id: string,
  actor: { id: string; email: string; ip: string },
): Promise<OutboxMessage> {
  const { linkToken, ...row } = await findOutboxMessage(db, id);
  const opened = await mintMailLink(db, { ...row, linkToken });
  await recordAudit(db, {
    adminId: actor.id,
    actor: actor.email,
    action: 'outbox.opened',
    entityType: 'mail',
    entityId: id,
    ip: actor.ip,
  });
  return { ...toIso(row), ...opened, tokenLink: linkToken ? 'open-here' : 'none' };
}

/** Every table of the application with its exact row count. */
export async function listDatabaseTables(db: Db, engine: DatabaseKind): Promise<DatabaseTables> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const names = rowsOf<{ name: string; bytes: number }>(
    await db.execute(
      sql`select table_name as name, pg_total_relation_size(quote_ident(table_name))::bigint as bytes from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const tables = [];
  for (const { name, bytes } of names) {
    const counted = await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    tables.push({
      name,
      rows: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0),
      bytes: Number(bytes),
    });
  }
  const [version] = rowsOf<{ version: string }>(await db.execute(sql`select version()`));
  const applied = rowsOf<{ created_at: string | number }>(
    await db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc`,
    ),
  );
  return {
    engine: engine === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL server',
    version: version?.version ?? '',
    tables,
    migrations: applied.map(({ created_at }) => {
      const when = Number(created_at);
      return {
        name: migrationNames.get(when) ?? `migration of ${new Date(when).toISOString()}`,
        writtenAt: new Date(when).toISOString(),
      };
    }),
  };
}

/** The journal's names by their timestamp (what drizzle records for each applied migration). */
const migrationNames = new Map(
  journal.entries.map((entry: { when: number; tag: string }) => [entry.when, entry.tag]),
);
