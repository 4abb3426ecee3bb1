/**
 * The signed link of a dunning mail: it pays one order without signing in. Its token is minted
 * when the mail is delivered (only its hash is kept, on a row of its own per mail); it opens that
 * order's amount and its card payment, nothing else of the account, until the case's last day.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orderItems, orders, payLinks } from '#db/schema/index.ts';
import type { PayLink } from '#shared/dunning.schemas.ts';
import type { PayfastForm } from '#shared/payments.schemas.ts';
import { unmintedTokenHash } from '../../integrations/mail/mail-links.ts';
import { hashToken } from '../../lib/secure-token.ts';
import { AppError } from '../../plugins/errors.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { startPayment, toForm, type PaymentDeps } from '../payments/payments.service.ts';

/** A link row for a mail about to be queued, in its transaction: the mail's `linkToken`. */
export async function newPayLink(
  tx: Tx,
  input: { orderId: string; userId: string; expiresAt: Date },
): Promise<{ kind: 'pay_link'; id: string }> {
  const [row] = await tx
    .insert(payLinks)
    .values({ ...input, tokenHash: unmintedTokenHash() })
    .returning({ id: payLinks.id });
  return { kind: 'pay_link', id: row!.id };
}

const invalid = () =>
  new AppError('NOT_FOUND', {
    message: 'This payment link has expired or is not valid. Sign in to see your orders.',
  });

async function linkedOrder(db: Db, token: string) {
  const [row] = await db
    .select({ order: orders, userId: payLinks.userId })
    .from(payLinks)
    .innerJoin(orders, eq(orders.id, payLinks.orderId))
    .where(and(eq(payLinks.tokenHash, hashToken(token)), gt(payLinks.expiresAt, new Date())));
  if (!row) throw invalid();
  return row;
}

/** What the link pays: the order's lines and what is still due on it. */
export async function readPayLink(db: Db, token: string): Promise<PayLink> {
  const { order } = await linkedOrder(db, token);
  const items = await db
    .select({ title: orderItems.title })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const payable = order.status === 'pending_payment';
  return {
    orderReference: order.reference,
    items: items.map((item) => item.title),
    dueCents: payable ? order.totalCents - (await paidTowards(db, order.id)) : 0,
    status: payable ? 'payable' : order.status === 'cancelled' ? 'closed' : 'paid',
  };
}

/** Starts the card payment of the link's order, for its customer, as their order page would. */
export async function payByLink(deps: PaymentDeps, token: string): Promise<PayfastForm> {
  const { order, userId } = await linkedOrder(deps.db, token);
  return toForm(
    await startPayment(deps, { orderReference: order.reference, userId, method: 'payfast' }),
  );
}
