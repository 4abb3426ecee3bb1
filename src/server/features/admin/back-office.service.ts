import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DatabaseKind } from '#db/client.ts';
import { contactMessages, mailOutbox, users } from '#db/schema/index.ts';
import type {
  AdminDashboard,
  ContactMessagePage,
  DatabaseTables,
  OutboxMessage,
  OutboxPage,
} from '#shared/admin.schemas.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * The dashboard's figures. Orders, tickets and domain orders are not recorded in this database
 * yet (their features add their tables), so those figures are null rather than a made-up zero.
 */
export async function loadDashboard(db: Db): Promise<AdminDashboard> {
  const [[customers], newest] = await Promise.all([
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
  ]);
  return {
    ordersToday: null,
    revenueThisMonthExVatCents: null,
    openTickets: null,
    domainsAwaitingRegistration: null,
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
