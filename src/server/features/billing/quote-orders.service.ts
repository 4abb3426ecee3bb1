import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orders, quotes } from '#db/schema/index.ts';
import { quoteNumber, type quoteAcceptanceSchema } from '#shared/billing.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand } from '#shared/money.ts';
import type { Db, Tx } from '#db/client.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionAdmin } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { createOrder } from '../orders/orders.service.ts';
import { quoteAcceptedMail } from './billing-mails.ts';
import { addDays, depositLabelOf, findQuote, getQuote, statusOf } from './quotes.service.ts';
import {
  activeCustomer,
  invoiceMailOf,
  orderTitle,
  type BillingDeps,
} from './team-invoices.service.ts';

/**
 * What a quote raises: the order to pay on acceptance (its deposit, or the whole), and later its
 * balance; each once, with the quote locked (decision 025).
 */

type QuoteRow = typeof quotes.$inferSelect;
type Admin = Pick<SessionAdmin, 'id' | 'email'>;

/** Days a customer has to pay an invoice a quote raises. */
const quoteInvoiceDays = 7;

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

/**
 * A quote not accepted is closed: the customer declines it, or the team withdraws it (audited).
 * An accepted one stays; closing one closed already changes nothing.
 */
export async function closeQuote(
  db: Db,
  number: string,
  by: { userId: string } | { admin: Admin },
  now = new Date(),
) {
  const userId = 'userId' in by ? by.userId : undefined;
  const quote = await findQuote(db, number, userId);
  if (quote.status === 'accepted')
    throw new AppError('CONFLICT', { message: `Quote ${number} is accepted already` });
  if (quote.status === 'sent') {
    await db.transaction(async (tx) => {
      await tx
        .update(quotes)
        .set(userId ? { status: 'declined', declinedAt: now } : { status: 'cancelled' })
        .where(and(eq(quotes.id, quote.id), eq(quotes.status, 'sent')));
      if ('admin' in by && quote.userId) {
        await recordAudit(tx, {
          adminId: by.admin.id,
          actor: by.admin.email,
          action: 'customer.quote_withdrawn',
          entityType: 'customer',
          entityId: quote.userId,
          details: { quote: number },
        });
      }
    });
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
