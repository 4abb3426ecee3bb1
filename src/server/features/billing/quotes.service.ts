import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import { orders, quotes, users, websiteProjects, type QuoteLine } from '#db/schema/index.ts';
import {
  quoteNumber,
  type Quote,
  type QuoteListItem,
  type QuoteStatus,
  type quoteAcceptanceSchema,
  type quoteInputSchema,
} from '#shared/billing.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand, vatFromInclusive } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionAdmin } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { createOrder } from '../orders/orders.service.ts';
import { quoteAcceptedMail, quoteSentMail } from './billing-mails.ts';
import {
  activeCustomer,
  documentStatusOf,
  invoiceMailOf,
  orderTitle,
  teamLines,
  type BillingDeps,
} from './team-invoices.service.ts';

type QuoteRow = typeof quotes.$inferSelect;
type Admin = Pick<SessionAdmin, 'id' | 'email'>;

/** Days a customer has to pay an invoice a quote raises. */
const quoteInvoiceDays = 7;

/** A quote's own status, with "expired" for one not answered by its last day. */
const statusOf = (quote: QuoteRow, today: string): QuoteStatus =>
  quote.status === 'sent' && quote.validUntil < today ? 'expired' : quote.status;

const depositLabelOf = (quote: Pick<QuoteRow, 'depositKind' | 'depositValue'>) =>
  quote.depositKind === 'percent'
    ? `${quote.depositValue}% deposit`
    : quote.depositKind === 'amount'
      ? 'Deposit'
      : null;

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The quote by its number: the customer's own, or any for the back office. */
async function findQuote(db: Db | Tx, number: string, userId?: string, lock = false) {
  const parsed = Number(number.replace(/^Q-/, ''));
  const query = db
    .select()
    .from(quotes)
    .where(
      userId === undefined
        ? eq(quotes.number, parsed)
        : and(eq(quotes.number, parsed), eq(quotes.userId, userId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row)
    throw new AppError('NOT_FOUND', {
      message:
        userId === undefined
          ? `There is no quote ${number}`
          : `There is no quote ${number} in your account`,
    });
  return row;
}

/** The quote as the customer and the team read it, with the invoices it raised so far. */
async function toQuote(db: Db | Tx, row: QuoteRow, now: Date): Promise<Quote> {
  const today = saToday(now);
  const [customer] = row.userId
    ? await db.select().from(users).where(eq(users.id, row.userId))
    : [];
  const raised = await db
    .select()
    .from(orders)
    .where(eq(orders.quoteId, row.id))
    .orderBy(orders.createdAt);
  const statuses = await documentStatusOf(db, raised, today);
  const live = raised.filter((order) => !['cancelled', 'failed'].includes(order.status));
  const hasPart = (part: string) => live.some((order) => order.quotePart === part);
  return {
    number: quoteNumber(row.number),
    status: statusOf(row, today),
    customer: {
      id: row.userId,
      name: customer?.company ?? customer?.fullName ?? 'Former customer',
      email: customer?.email ?? '',
    },
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: centsToRand(line.unitCents),
      total: centsToRand(line.totalCents),
    })),
    subtotal: centsToRand(row.totalCents - row.vatCents),
    vat: centsToRand(row.vatCents),
    total: centsToRand(row.totalCents),
    depositLabel: depositLabelOf(row),
    deposit: centsToRand(row.depositCents),
    validUntil: row.validUntil,
    terms: row.terms,
    createdAt: row.createdAt.toISOString(),
    acceptedName: row.acceptedName,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    invoices: raised.map((order) => ({
      orderReference: order.reference,
      part: order.quotePart ?? 'whole',
      total: centsToRand(order.totalCents),
      status: statuses.get(order.id)!,
    })),
    balanceDue:
      row.status === 'accepted' && hasPart('deposit') && !hasPart('balance')
        ? centsToRand(row.totalCents - row.depositCents)
        : null,
  };
}

/** Makes and mails a quote, numbered next in its own series (no gaps: taken under a lock). */
export async function createQuote(
  deps: BillingDeps,
  input: z.output<typeof quoteInputSchema>,
  admin: Admin,
  now = new Date(),
): Promise<Quote> {
  const customer = await activeCustomer(deps.db, input.customerId);
  if (input.validUntil < saToday(now))
    throw new AppError('BAD_REQUEST', {
      message: 'Choose a last day to accept that is today or later',
    });
  const lines: QuoteLine[] = teamLines(input.lines).map((line) => ({
    description: line.title,
    quantity: line.quantity,
    unitCents: line.unitPriceCents,
    totalCents: line.totalCents,
    packageId: line.packageId,
  }));
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const depositCents =
    input.depositKind === 'percent'
      ? Math.round((totalCents * input.depositValue) / 100)
      : input.depositKind === 'amount'
        ? Math.round(input.depositValue * 100)
        : 0;
  if (depositCents >= totalCents)
    throw new AppError('BAD_REQUEST', { message: 'The deposit must be less than the total' });
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7160005)`);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${quotes.number}), 0) + 1` })
      .from(quotes)) as [{ next: number }];
    const [quote] = await tx
      .insert(quotes)
      .values({
        number: Number(next),
        userId: customer.id,
        lines,
        totalCents,
        vatCents: deps.config.site.vatRegistered ? vatFromInclusive(totalCents) : 0,
        depositKind: input.depositKind,
        depositValue:
          input.depositKind === 'amount' ? depositCents : Math.round(input.depositValue),
        depositCents,
        terms: input.terms,
        validUntil: input.validUntil,
        createdBy: admin.email,
      })
      .returning();
    await recordAudit(tx, {
      adminId: admin.id,
      actor: admin.email,
      action: 'customer.quote_sent',
      entityType: 'customer',
      entityId: customer.id,
      details: { quote: quoteNumber(quote!.number) },
    });
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      ...quoteSentMail(deps.config, {
        number: quoteNumber(quote!.number),
        name: customer.fullName,
        totalCents,
        depositCents,
        depositLabel: depositLabelOf(quote!),
        validUntil: quote!.validUntil,
      }),
    });
    return quote!;
  });
  return toQuote(deps.db, row, now);
}

export async function getQuote(
  db: Db,
  number: string,
  viewer: { userId?: string },
  now = new Date(),
): Promise<Quote> {
  return toQuote(db, await findQuote(db, number, viewer.userId), now);
}

/** Quotes, newest first: one customer's, or every customer's for the back office. */
export async function listQuotes(
  db: Db,
  filter: { userId?: string },
  now = new Date(),
): Promise<QuoteListItem[]> {
  const rows = await db
    .select({ quote: quotes, fullName: users.fullName, company: users.company })
    .from(quotes)
    .leftJoin(users, eq(users.id, quotes.userId))
    .where(filter.userId ? eq(quotes.userId, filter.userId) : undefined)
    .orderBy(desc(quotes.number))
    .limit(200);
  const today = saToday(now);
  return rows.map(({ quote, fullName, company }) => ({
    number: quoteNumber(quote.number),
    customer: { id: quote.userId, name: company ?? fullName ?? 'Former customer' },
    status: statusOf(quote, today),
    total: centsToRand(quote.totalCents),
    deposit: centsToRand(quote.depositCents),
    validUntil: quote.validUntil,
    createdAt: quote.createdAt.toISOString(),
  }));
}

/**
 * Raises the order a quote asks for now — its deposit, its balance, or the whole of it — and
 * mails the team; in the caller's transaction, with the quote locked. An order for that part
 * still open is answered instead of a second one.
 */
async function raisePart(
  tx: Tx,
  deps: BillingDeps,
  quote: QuoteRow,
  part: 'whole' | 'deposit' | 'balance',
  issuedBy: string,
  now: Date,
) {
  const [open] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.quoteId, quote.id),
        eq(orders.quotePart, part),
        sql`${orders.status} not in ('cancelled', 'failed')`,
      ),
    );
  if (open) return { order: open, raised: false };
  const number = quoteNumber(quote.number);
  const amountCents =
    part === 'deposit'
      ? quote.depositCents
      : part === 'balance'
        ? quote.totalCents - quote.depositCents
        : quote.totalCents;
  const title =
    part === 'deposit'
      ? `${depositLabelOf(quote)} on quote ${number}`
      : `Balance of quote ${number}`;
  const lines =
    part === 'whole'
      ? quote.lines.map((line) => ({
          type: line.packageId ? ('package' as const) : ('invoice-line' as const),
          title: line.description,
          packageId: line.packageId ?? null,
          addOnIds: [],
          quantity: line.quantity,
          unitPriceCents: line.unitCents,
          totalCents: line.totalCents,
        }))
      : [
          {
            type: 'quote-part' as const,
            title,
            packageId: null,
            addOnIds: [],
            quantity: 1,
            unitPriceCents: amountCents,
            totalCents: amountCents,
            details: { quoteId: quote.id, part },
          },
        ];
  const made = await createOrder(tx, {
    userId: quote.userId!,
    lines,
    vatRegistered: deps.config.site.vatRegistered,
    bill: {
      issuedBy,
      dueOn: addDays(saToday(now), quoteInvoiceDays),
      quoteId: quote.id,
      quotePart: part,
    },
  });
  const [order] = await tx.select().from(orders).where(eq(orders.reference, made.reference));
  return { order: order!, raised: true, title: part === 'whole' ? orderTitle(lines) : title };
}

/**
 * The customer accepts a quote online, with the name they type, before it expires: it is
 * accepted once, and the order to pay now (the deposit, or the whole) is raised once, however
 * often they click; an order given up unpaid is raised afresh.
 */
export async function acceptQuote(
  deps: BillingDeps,
  number: string,
  userId: string,
  acceptance: z.output<typeof quoteAcceptanceSchema>,
  now = new Date(),
) {
  return deps.db.transaction(async (tx) => {
    const quote = await findQuote(tx, number, userId, true);
    const status = statusOf(quote, saToday(now));
    if (status === 'expired')
      throw new AppError('CONFLICT', {
        message: `Quote ${number} expired on ${quote.validUntil}: ask us for a new one`,
      });
    if (status === 'declined' || status === 'cancelled')
      throw new AppError('CONFLICT', {
        message: `Quote ${number} was ${status === 'declined' ? 'declined' : 'withdrawn'}: ask us for a new one`,
      });
    const accepted =
      status === 'accepted'
        ? quote
        : (
            await tx
              .update(quotes)
              .set({ status: 'accepted', acceptedName: acceptance.name, acceptedAt: now })
              .where(eq(quotes.id, quote.id))
              .returning()
          )[0]!;
    const part = accepted.depositCents > 0 ? 'deposit' : 'whole';
    const { order, raised } = await raisePart(tx, deps, accepted, part, accepted.createdBy, now);
    if (status !== 'accepted') {
      await recordAudit(tx, {
        adminId: null,
        actor: acceptance.name,
        action: 'customer.quote_accepted',
        entityType: 'customer',
        entityId: userId,
        details: { quote: number, order: order.reference },
      });
    }
    if (raised) {
      await queueMail(tx, {
        to: deps.config.site.contactEmail,
        ...quoteAcceptedMail(deps.config, {
          number,
          acceptedName: accepted.acceptedName ?? acceptance.name,
          orderReference: order.reference,
          amountCents: order.totalCents,
        }),
      });
    }
    return { number, orderReference: order.reference };
  });
}

/** The customer declines a quote they have not accepted. */
export async function declineQuote(db: Db, number: string, userId: string, now = new Date()) {
  const quote = await findQuote(db, number, userId);
  if (quote.status === 'accepted')
    throw new AppError('CONFLICT', { message: `Quote ${number} is accepted already` });
  if (quote.status === 'sent') {
    await db
      .update(quotes)
      .set({ status: 'declined', declinedAt: now })
      .where(and(eq(quotes.id, quote.id), eq(quotes.status, 'sent')));
  }
  return getQuote(db, number, { userId }, now);
}

/**
 * The team invoices an accepted quote's balance (the work is delivered: a project at launch
 * offers it), once: a second call answers the same order. The customer is mailed the pay link.
 */
export async function raiseBalance(
  deps: BillingDeps,
  number: string,
  admin: Admin,
  now = new Date(),
) {
  return deps.db.transaction(async (tx) => {
    const quote = await findQuote(tx, number, undefined, true);
    if (quote.status !== 'accepted' || quote.depositCents === 0)
      throw new AppError('CONFLICT', {
        message: `Quote ${number} has no balance to invoice: it must be accepted, with a deposit`,
      });
    const [deposit] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.quoteId, quote.id),
          eq(orders.quotePart, 'deposit'),
          inArray(orders.status, ['paid', 'in_progress', 'completed']),
        ),
      );
    if (!deposit)
      throw new AppError('CONFLICT', {
        message: `The deposit of quote ${number} is not paid yet: invoice the balance after it`,
      });
    const customer = await activeCustomer(tx, quote.userId);
    const { order, raised, title } = await raisePart(tx, deps, quote, 'balance', admin.email, now);
    if (raised) {
      await recordAudit(tx, {
        adminId: admin.id,
        actor: admin.email,
        action: 'customer.invoice_sent',
        entityType: 'customer',
        entityId: customer.id,
        details: { order: order.reference, quote: number },
      });
      await queueMail(tx, {
        to: customer.email,
        userId: customer.id,
        ...invoiceMailOf(deps, customer, order, title ?? ''),
      });
    }
    return { orderReference: order.reference, total: centsToRand(order.totalCents) };
  });
}

/** The quote a website project was sold on, with its balance when the team may invoice it. */
export async function projectQuote(db: Db, projectReference: string, now = new Date()) {
  const [row] = await db
    .select({ quote: quotes })
    .from(websiteProjects)
    .innerJoin(quotes, eq(quotes.id, websiteProjects.quoteId))
    .where(eq(websiteProjects.reference, projectReference));
  return row ? toQuote(db, row.quote, now) : null;
}
