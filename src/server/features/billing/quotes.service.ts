import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import { orders, quotes, users, websiteProjects, type QuoteLine } from '#db/schema/index.ts';
import {
  quoteNumber,
  type Quote,
  type QuoteListItem,
  type QuoteStatus,
  type quoteInputSchema,
} from '#shared/billing.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand, vatFromInclusive } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { companyOf } from '../../integrations/pdf/letterhead.ts';
import { renderQuotePdf } from '../../integrations/pdf/quote-pdf.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionAdmin } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { customerOf, recipientParty } from '../payments/invoices.service.ts';
import { quoteSentMail } from './billing-mails.ts';
import {
  activeCustomer,
  documentStatusOf,
  teamLines,
  type BillingDeps,
} from './team-invoices.service.ts';

type QuoteRow = typeof quotes.$inferSelect;
type Admin = Pick<SessionAdmin, 'id' | 'email'>;

/** A quote's own status, with "expired" for one not answered by its last day. */
export const statusOf = (quote: QuoteRow, today: string): QuoteStatus =>
  quote.status === 'sent' && quote.validUntil < today ? 'expired' : quote.status;

export const depositLabelOf = (quote: Pick<QuoteRow, 'depositKind' | 'depositValue'>) =>
  quote.depositKind === 'percent'
    ? `${quote.depositValue}% deposit`
    : quote.depositKind === 'amount'
      ? 'Deposit'
      : null;

export const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The quote by its number: the customer's own, or any for the back office. */
export async function findQuote(db: Db | Tx, number: string, userId?: string, lock = false) {
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

/** The quote a website project was sold on, with its balance when the team may invoice it. */
export async function projectQuote(db: Db, projectReference: string, now = new Date()) {
  const [row] = await db
    .select({ quote: quotes })
    .from(websiteProjects)
    .innerJoin(quotes, eq(quotes.id, websiteProjects.quoteId))
    .where(eq(websiteProjects.reference, projectReference));
  return row ? toQuote(db, row.quote, now) : null;
}

/** A quote as a PDF (its customer's own, or any for the back office), read as it stands now. */
export async function quotePdf(deps: BillingDeps, number: string, viewer: { userId?: string }) {
  const row = await findQuote(deps.db, number, viewer.userId);
  const [customer] = row.userId
    ? await deps.db.select().from(users).where(eq(users.id, row.userId))
    : [];
  const pdf = await renderQuotePdf({
    number: quoteNumber(row.number),
    issuedAt: row.createdAt,
    validUntil: row.validUntil,
    company: companyOf(deps.config),
    customer: customerOf(recipientParty(customer)),
    lines: row.lines.map((line) => ({
      title: line.description,
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.totalCents,
    })),
    totalCents: row.totalCents,
    vatCents: row.vatCents,
    depositLabel: depositLabelOf(row),
    depositCents: row.depositCents,
    terms: row.terms,
    accepted:
      row.acceptedName && row.acceptedAt ? { name: row.acceptedName, at: row.acceptedAt } : null,
  });
  return { pdf, filename: `${quoteNumber(row.number)}.pdf` };
}
