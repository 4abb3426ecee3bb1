/**
 * An order waiting for a bank transfer is kept for EFT_KEEP_DAYS: the customer is reminded before
 * the end, then the order is cancelled unpaid and what it received becomes their credit.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orders, payments, users } from '#db/schema/index.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { paidTowards, releaseOrderMoney } from '../credit/credit-ledger.service.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { bankTransferExpiredMail, bankTransferReminderMail } from './bank-transfer-mails.ts';
import type { PaymentDeps } from './payments.service.ts';

const dayMs = 86_400_000;

/** The reminder goes two days before the end (half-way for a shorter keep). */
export const reminderBefore = (keptMs: number) => Math.min(2 * dayMs, keptMs / 2);

/** Queues the reminder and the expiry of an expected bank transfer, in its transaction. */
export async function scheduleBankTransferExpiry(
  tx: Db | Tx,
  paymentId: string,
  payBy: Date,
  now = new Date(),
): Promise<void> {
  const remindAt = new Date(payBy.getTime() - reminderBefore(payBy.getTime() - now.getTime()));
  await enqueueJob(
    tx,
    'bank-transfer-reminder',
    { paymentId },
    { key: `bank-transfer-reminder:${paymentId}`, runAt: remindAt },
  );
  await enqueueJob(
    tx,
    'bank-transfer-expiry',
    { paymentId },
    { key: `bank-transfer-expiry:${paymentId}`, runAt: payBy },
  );
}

/** The expected transfer, still awaited, with its order and customer; null once it is settled. */
async function awaited(db: Db | Tx, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders, customer: users })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
  if (!row || row.order.status !== 'pending_payment' || !row.payment.expiresAt) return null;
  return { ...row, expiresAt: row.payment.expiresAt };
}

/** The bank-transfer-reminder job: tells the customer what is still due and by when. */
export async function remindBankTransfer(
  { db, config }: Pick<PaymentDeps, 'db' | 'config'>,
  paymentId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await awaited(db, paymentId);
  if (!row || !config.eft || row.expiresAt.getTime() <= now.getTime()) return false;
  const dueCents = row.order.totalCents - (await paidTowards(db, row.order.id));
  await queueMail(db, {
    to: row.customer.email,
    userId: row.customer.id,
    ...bankTransferReminderMail(config, {
      name: row.customer.fullName,
      orderReference: row.order.reference,
      payTo: {
        bankName: config.eft.bankName,
        holder: config.eft.accountHolder,
        accountNumber: config.eft.accountNumber,
        branchCode: config.eft.branchCode,
        accountType: config.eft.accountType,
      },
      dueCents,
      payBy: row.expiresAt,
    }),
  });
  return true;
}

/**
 * The bank-transfer-expiry job: an order still unpaid when its time is up is cancelled, and what
 * it received (a part payment, credit applied) is kept as the customer's credit. A job that runs
 * early (a clock moved) does nothing; one for a transfer settled meanwhile neither.
 */
export async function expireBankTransfer(
  { db, config }: Pick<PaymentDeps, 'db' | 'config'>,
  paymentId: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(payments.id, paymentId))
      .for('update', { of: orders });
    if (!locked) return false;
    const row = await awaited(tx, paymentId);
    if (!row || row.expiresAt.getTime() > now.getTime()) return false;
    await tx.update(payments).set({ status: 'cancelled' }).where(eq(payments.id, paymentId));
    await moveOrder(
      tx,
      row.order.id,
      'cancelled',
      `Not paid by bank transfer by ${row.expiresAt.toISOString().slice(0, 10)}`,
    );
    const kept = await releaseOrderMoney(tx, row.order);
    await queueMail(tx, {
      to: row.customer.email,
      userId: row.customer.id,
      ...bankTransferExpiredMail(config, {
        name: row.customer.fullName,
        orderReference: row.order.reference,
        keptAsCreditCents: kept,
      }),
    });
    return true;
  });
}
