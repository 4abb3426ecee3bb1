/** Account credit as customers and the team use it: the statement, paying from it, adjusting it. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { creditEntries, orders, payments, users } from '#db/schema/index.ts';
import type {
  CreditApplied,
  CreditHolder,
  CreditStatement,
  CustomerCredit,
} from '#shared/credit.schemas.ts';
import { centsToRand, formatZAR } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { lockCustomerOrders, replacedBy } from '../orders/cart-attempts.service.ts';
import { payOrderIfCovered } from '../payments/order-settlement.service.ts';
import type { PaymentDeps } from '../payments/payments.service.ts';
import {
  addCreditEntry,
  creditBalance,
  lockCredit,
  paidTowards,
  spendableCredit,
} from './credit-ledger.service.ts';

/** The customer's credit: each movement with the balance after it, oldest first. */
export async function creditStatement(db: Db, userId: string): Promise<CreditStatement> {
  const rows = await db
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(asc(creditEntries.createdAt), asc(creditEntries.id));
  let running = 0;
  const entries = rows.map((row) => {
    running += row.amountCents;
    return {
      date: row.createdAt.toISOString(),
      description: row.description,
      amount: centsToRand(row.amountCents),
      balance: centsToRand(running),
    };
  });
  return { balance: centsToRand(running), entries };
}

/**
 * Pays (part of) one of the customer's unpaid orders from their credit, at most what is due and
 * what they have; in one transaction with the order and the credit locked, so two tabs cannot
 * spend the same credit twice. Covered in full, the order is paid at once; otherwise the rest is
 * paid by card or bank transfer (open attempts for the old amount are closed).
 */
export async function payFromCredit(
  deps: PaymentDeps,
  input: { orderReference: string; userId: string; amountCents: number },
): Promise<CreditApplied> {
  return deps.db.transaction(async (tx) => {
    // The same order of locks as a card payment's settlement: customer, order, credit.
    await lockCustomerOrders(tx, input.userId);
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.reference, input.orderReference), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) {
      throw new AppError('NOT_FOUND', {
        message: `There is no order ${input.orderReference} in your account`,
      });
    }
    if (order.status !== 'pending_payment') {
      throw new AppError('CONFLICT', {
        message: `Order ${order.reference} is not awaiting payment`,
      });
    }
    const replacement = await replacedBy(tx, order);
    if (replacement) {
      throw new AppError('CONFLICT', {
        message: `Order ${order.reference} is not awaiting payment: order ${replacement.reference}, from the same cart, is paid`,
      });
    }
    await lockCredit(tx, input.userId);
    const spendable = await spendableCredit(tx, input.userId);
    const due = order.totalCents - (await paidTowards(tx, order.id));
    if (spendable <= 0) {
      throw new AppError('CONFLICT', { message: 'You have no account credit to use' });
    }
    if (input.amountCents > spendable) {
      throw new AppError('CONFLICT', {
        message: `You have ${formatZAR(spendable)} of account credit: use at most that`,
      });
    }
    const applied = Math.min(input.amountCents, due);
    await addCreditEntry(tx, {
      userId: input.userId,
      amountCents: -applied,
      kind: 'applied',
      description: `Paid towards order ${order.reference}`,
      orderId: order.id,
    });
    // A card form or bank transfer started for the old amount would ask for too much now.
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    const settled = await payOrderIfCovered(tx, deps, order, {
      note: `Paid from account credit (${formatZAR(applied)})`,
      lastPayment: null,
    });
    const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return {
      orderReference: order.reference,
      orderStatus: after!.status,
      applied: centsToRand(applied),
      balance: centsToRand(await creditBalance(tx, input.userId)),
      due: centsToRand(settled.dueCents),
    };
  });
}

/**
 * An owner adds credit (goodwill, money paid back outside the site taken off) or takes it off,
 * with a reason (audited); the balance never goes below nothing.
 */
export async function adjustCredit(
  db: Db,
  input: {
    email: string;
    amountCents: number;
    reason: string;
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<CustomerCredit> {
  await db.transaction(async (tx) => {
    const customer = await customerByEmail(tx, input.email);
    await lockCredit(tx, customer.id);
    const balance = await creditBalance(tx, customer.id);
    if (balance + input.amountCents < 0) {
      throw new AppError('CONFLICT', {
        message: `${customer.fullName} has ${formatZAR(balance)} of credit: take off at most that`,
      });
    }
    await addCreditEntry(tx, {
      userId: customer.id,
      amountCents: input.amountCents,
      kind: 'adjustment',
      description: input.reason,
      createdBy: input.admin.email,
    });
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'credit.adjusted',
      entityType: 'customer',
      entityId: customer.email,
      details: { amount: centsToRand(input.amountCents), reason: input.reason },
      ip: input.ip,
    });
  });
  return customerCredit(db, input.email);
}

async function customerByEmail(db: Db | Tx, email: string) {
  const [customer] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!customer) {
    throw new AppError('NOT_FOUND', { message: `There is no customer with the e-mail ${email}` });
  }
  return customer;
}

/** The customers who hold credit (or owe it back), largest balance first. */
export async function listCreditHolders(db: Db): Promise<CreditHolder[]> {
  const balance = sql<string>`sum(${creditEntries.amountCents})`;
  const rows = await db
    .select({ name: users.fullName, email: users.email, cents: balance })
    .from(creditEntries)
    .innerJoin(users, eq(users.id, creditEntries.userId))
    .groupBy(users.id)
    .having(sql`${balance} <> 0`)
    .orderBy(desc(balance))
    .limit(200);
  return rows.map((row) => ({
    name: row.name,
    email: row.email,
    balance: centsToRand(Number(row.cents)),
  }));
}

/** One customer's credit statement for the back office, found by e-mail address. */
export async function customerCredit(db: Db, email: string): Promise<CustomerCredit> {
  const customer = await customerByEmail(db, email);
  return {
    customer: { name: customer.fullName, email: customer.email },
    ...(await creditStatement(db, customer.id)),
  };
}
