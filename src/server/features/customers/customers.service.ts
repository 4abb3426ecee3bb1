import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import {
  auditLog,
  customerNotes,
  domainOrders,
  invoices,
  orders,
  payments,
  phoneDigits,
  subscriptions,
  users,
} from '#db/schema/index.ts';
import {
  customersPageSize,
  type CustomerDetail,
  type CustomerFilter,
  type CustomerMailSent,
  type CustomerNote,
  type CustomerPage,
} from '#shared/admin-customers.schemas.ts';
import { centsToRand } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionAdmin } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { requestPasswordReset, resendVerification, type AuthDeps } from '../auth/auth.service.ts';
import { creditBalance } from '../credit/credit-ledger.service.ts';
import { customerRecords } from './customer-records.service.ts';

export interface CustomerSearch {
  q?: string | undefined;
  filter?: CustomerFilter | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

/** South African numbers match however they were typed: "+27 82 …", "082-…", "0821…". */
const typedPhoneDigits = (value: string) => value.replace(/\D/g, '').replace(/^27/, '0');

/**
 * The customers a reference belongs to: an order, payment or invoice (INV-000042, or its number)
 * reference, or a domain, each found exactly through its unique index.
 */
async function referenceOwners(db: Db, q: string): Promise<string[]> {
  const reference = q.toUpperCase();
  const owner = { userId: orders.userId };
  const invoice = /^(?:INV-?)?0*(\d{1,9})$/i.exec(q);
  const rows = await union(
    db.select(owner).from(orders).where(eq(orders.reference, reference)),
    db
      .select(owner)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.reference, reference)),
    db
      .select(owner)
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.number, invoice ? Number(invoice[1]) : -1)),
    db
      .select({ userId: domainOrders.userId })
      .from(domainOrders)
      .where(eq(domainOrders.domain, q.toLowerCase())),
  );
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}

/** A trigram index finds text from three characters on; shorter text would read every row. */
const trigramLength = 3;

/**
 * The customers whose name, e-mail address or company holds the text, whose phone number holds
 * its digits, or who have an order, payment or domain whose reference or name holds it. Each
 * part is answered by its trigram index (migration 0041), the users' columns together.
 */
function textMatches(db: Db, q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const userMatches: SQL[] = [
    ilike(users.fullName, pattern),
    ilike(users.email, pattern),
    ilike(users.company, pattern),
  ];
  const digits = typedPhoneDigits(q);
  // A phone number is searched from six digits on; shorter runs of digits match far too much.
  if (digits.length >= 6) userMatches.push(like(phoneDigits(users.phone), `%${digits}%`));
  if (q.length < trigramLength) return or(...userMatches) as SQL;
  // Orders first: their owner may be null (an erased account), so the union's column is nullable.
  const byRecord = union(
    db.select({ id: orders.userId }).from(orders).where(ilike(orders.reference, pattern)),
    db
      .select({ id: orders.userId })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(ilike(payments.reference, pattern)),
    db
      .select({ id: domainOrders.userId })
      .from(domainOrders)
      .where(ilike(domainOrders.domain, pattern)),
    db
      .select({ id: users.id })
      .from(users)
      .where(or(...userMatches)),
  );
  return inArray(users.id, byRecord);
}

const filterConditions: Record<CustomerFilter, SQL> = {
  unpaid: sql`exists (select 1 from ${orders} where ${orders.userId} = ${users.id} and ${orders.status} = 'pending_payment')`,
  subscribed: sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id} and ${subscriptions.status} in ('active', 'cancelling'))`,
};

const summaryColumns = {
  id: users.id,
  name: users.fullName,
  email: users.email,
  phone: users.phone,
  company: users.company,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

const toSummary = (row: {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  emailVerified: row.emailVerifiedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The customers matching a search and filters, newest sign-up first, 25 a page. */
export async function listCustomers(db: Db, search: CustomerSearch): Promise<CustomerPage> {
  const conditions: SQL[] = [];
  if (search.q) {
    // A reference names its customer: when one matches, the text search is not needed.
    const owners = await referenceOwners(db, search.q);
    conditions.push(owners.length ? inArray(users.id, owners) : textMatches(db, search.q));
  }
  if (search.filter) conditions.push(filterConditions[search.filter]);
  // Days are South African days.
  if (search.from)
    conditions.push(
      gte(
        users.createdAt,
        sql`(${search.from}::date)::timestamp at time zone 'Africa/Johannesburg'`,
      ),
    );
  if (search.to)
    conditions.push(
      lt(
        users.createdAt,
        sql`(${search.to}::date + 1)::timestamp at time zone 'Africa/Johannesburg'`,
      ),
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(customersPageSize)
      .offset((search.page - 1) * customersPageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(toSummary),
    total: totals?.total ?? 0,
    page: search.page,
    pageSize: customersPageSize,
  };
}

async function findCustomer(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError('NOT_FOUND', { message: 'No such customer' });
  return user;
}

const iso = (date: Date) => date.toISOString();

async function customerNotesOf(db: Db, userId: string): Promise<CustomerNote[]> {
  const rows = await db
    .select()
    .from(customerNotes)
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.createdAt));
  return rows.map((n) => ({
    id: n.id,
    author: n.author,
    body: n.body,
    createdAt: iso(n.createdAt),
  }));
}

/** The customer page: details, credit, every record, what the team did for them, and notes. */
export async function loadCustomer(
  db: Db,
  input: { id: string; withCredit: boolean },
): Promise<CustomerDetail> {
  const { id } = input;
  const user = await findCustomer(db, id);
  // Credit adjustments are audited by e-mail address, the rest by the account's id.
  const aboutThem = and(
    inArray(auditLog.entityType, ['customer', 'user']),
    inArray(auditLog.entityId, [user.id, user.email]),
  );
  const [credit, records, audit, notes] = await Promise.all([
    input.withCredit ? creditBalance(db, user.id) : null,
    customerRecords(db, user.id),
    db.select().from(auditLog).where(aboutThem).orderBy(desc(auditLog.id)).limit(50),
    customerNotesOf(db, user.id),
  ]);
  return {
    customer: {
      ...toSummary({ ...user, name: user.fullName }),
      address: user.address,
      vatNumber: user.vatNumber,
      lastSignInAt: user.lastSignInAt ? iso(user.lastSignInAt) : null,
      deleted: user.deletedAt !== null,
    },
    credit: credit === null ? null : centsToRand(credit),
    records,
    audit: audit.map((a) => ({
      id: a.id,
      actor: a.actor,
      action: a.action,
      createdAt: iso(a.createdAt),
    })),
    notes,
  };
}

export async function addCustomerNote(
  db: Db,
  input: { userId: string; body: string; admin: SessionAdmin },
): Promise<CustomerNote[]> {
  await findCustomer(db, input.userId);
  await db.insert(customerNotes).values({
    userId: input.userId,
    adminId: input.admin.id,
    author: input.admin.email,
    body: input.body,
  });
  return customerNotesOf(db, input.userId);
}

interface MailAction {
  userId: string;
  admin: SessionAdmin;
  ip: string;
}

async function activeCustomer(db: Db, userId: string) {
  const user = await findCustomer(db, userId);
  if (user.deletedAt)
    throw new AppError('CONFLICT', { message: 'This account was deleted: it gets no more mail' });
  return user;
}

const auditMail = (db: Db, input: MailAction, action: string) =>
  recordAudit(db, {
    adminId: input.admin.id,
    actor: input.admin.email,
    action,
    entityType: 'customer',
    entityId: input.userId,
    ip: input.ip,
  });

/** Mails the customer a password-reset link, as "Forgot password" would. */
export async function sendCustomerPasswordReset(
  deps: AuthDeps,
  input: MailAction,
): Promise<CustomerMailSent> {
  const user = await activeCustomer(deps.db, input.userId);
  await requestPasswordReset(deps, user.email);
  await auditMail(deps.db, input, 'customer.password_reset_sent');
  return { sent: true, message: `A password-reset link is on its way to ${user.email}.` };
}

/** Mails a new verification link, unless the address is already confirmed. */
export async function resendCustomerVerification(
  deps: AuthDeps,
  input: MailAction,
): Promise<CustomerMailSent> {
  const user = await activeCustomer(deps.db, input.userId);
  const { alreadyVerified } = await resendVerification(deps, user.id);
  if (alreadyVerified)
    return { sent: false, message: `${user.fullName} has already confirmed ${user.email}.` };
  await auditMail(deps.db, input, 'customer.verification_sent');
  return { sent: true, message: `A new verification link is on its way to ${user.email}.` };
}
