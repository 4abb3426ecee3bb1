/**
 * Bank transfers (EFT) from the customer's side: starting one, seeing how to pay it, sending
 * proof; and from the team's: recording what the bank statement shows, once per bank line.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orderItems, orders, payments, users } from '#db/schema/index.ts';
import type { BankTransfer, BankTransferRecorded } from '#shared/bank-transfers.schemas.ts';
import { centsToRand, randToCents } from '#shared/money.ts';
import { paymentMethods } from '../../integrations/payment-methods/payment-methods.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { newReference } from '../../lib/references.ts';
import { AppError } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { listUploads, storeUpload } from '../uploads/uploads.service.ts';
import { renderProFormaPdf } from '../../integrations/pdf/money-documents-pdf.ts';
import type { Viewer } from '../../plugins/sessions.ts';
import { bankDetailLines, bankTransferInstructionsMail } from './bank-transfer-mails.ts';
import { invoiceLines } from './invoice-lines.ts';
import { customerOf, recipientParty } from './invoices.service.ts';
import { companyOf } from '../../integrations/pdf/letterhead.ts';
import { settlePaidPayment } from './order-settlement.service.ts';
import { startPayment, type PaymentDeps } from './payments.service.ts';

/** The site's bank transfer method and account; a site that takes none answers 409. */
function bankTransfers(config: PaymentDeps['config']) {
  const method = paymentMethods(config).eft;
  if (!method || !config.eft) {
    throw new AppError('CONFLICT', { message: 'This site does not take bank transfers' });
  }
  return { method, account: config.eft };
}

async function ownOrder(db: Db, reference: string, userId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.userId, userId)));
  if (!order) {
    throw new AppError('NOT_FOUND', { message: `There is no order ${reference} in your account` });
  }
  return order;
}

/** How to pay the order by bank transfer now, from its latest expected transfer. */
async function bankTransferView(
  { db, config }: PaymentDeps,
  order: typeof orders.$inferSelect,
): Promise<BankTransfer> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.method, 'eft'),
        isNotNull(payments.expiresAt),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) {
    throw new AppError('CONFLICT', {
      message: `Order ${order.reference} is not being paid by bank transfer`,
    });
  }
  const eft = bankTransfers(config).account;
  const received = await paidTowards(db, order.id);
  const proofs = await listUploads(db, { orderId: order.id });
  return {
    payment: payment.reference,
    orderReference: order.reference,
    orderStatus: order.status,
    bankName: eft.bankName,
    accountHolder: eft.accountHolder,
    accountNumber: eft.accountNumber,
    branchCode: eft.branchCode,
    accountType: eft.accountType,
    amount: centsToRand(Math.max(0, order.totalCents - received)),
    received: centsToRand(received),
    total: centsToRand(order.totalCents),
    payBy: payment.expiresAt!.toISOString(),
    test: eft.test,
    proofs: proofs.map((p) => ({
      id: p.id,
      filename: p.filename,
      createdAt: p.createdAt,
      sizeBytes: p.sizeBytes,
    })),
  };
}

/**
 * The customer chooses to pay by bank transfer: the order waits EFT_KEEP_DAYS for the money, and
 * the customer is mailed the account, the reference and the day.
 */
export async function startBankTransfer(
  deps: PaymentDeps,
  input: { orderReference: string; userId: string },
): Promise<BankTransfer> {
  bankTransfers(deps.config);
  const { started: instructions } = await startPayment(deps, { ...input, method: 'eft' });
  if (instructions.kind !== 'instructions')
    throw new Error('a bank transfer starts with instructions');
  const order = await ownOrder(deps.db, input.orderReference, input.userId);
  const [customer] = await deps.db.select().from(users).where(eq(users.id, input.userId));
  await queueMail(deps.db, {
    to: customer!.email,
    userId: customer!.id,
    ...bankTransferInstructionsMail(deps.config, {
      name: customer!.fullName,
      orderReference: order.reference,
      payTo: instructions.payTo,
      amountCents: instructions.amountCents,
      payBy: instructions.payBy,
    }),
  });
  return bankTransferView(deps, order);
}

/** GET /api/orders/{reference}/eft: how to pay it, what arrived so far, the proofs sent. */
export async function getBankTransfer(
  deps: PaymentDeps,
  input: { orderReference: string; userId: string },
): Promise<BankTransfer> {
  return bankTransferView(deps, await ownOrder(deps.db, input.orderReference, input.userId));
}

/** The customer sends proof of a transfer (a bank's PDF or a screenshot) for the team to match. */
export async function addProofOfPayment(
  deps: PaymentDeps,
  input: { orderReference: string; userId: string; filename: string; data: Buffer },
): Promise<BankTransfer> {
  const order = await ownOrder(deps.db, input.orderReference, input.userId);
  if (order.status !== 'pending_payment') {
    throw new AppError('CONFLICT', {
      message: `Order ${order.reference} is not awaiting payment, so no proof is needed`,
    });
  }
  await storeUpload(deps.db, {
    owner: { orderId: order.id },
    purpose: 'proof-of-payment',
    filename: input.filename,
    data: input.data,
    uploadedBy: 'customer',
  });
  return bankTransferView(deps, order);
}

/** A bank line's identity: the same line imported again, or typed in too, is found by it. */
export const bankLineKey = (line: {
  receivedOn: string;
  description: string;
  amountCents: number;
  occurrence: number;
}) =>
  [
    line.receivedOn,
    line.description.toUpperCase().replace(/\s+/g, ' ').trim(),
    line.amountCents,
    line.occurrence,
  ].join('|');

export type RecordOutcome =
  ({ status: 'recorded' } & BankTransferRecorded) | { status: 'already'; payment: string };

/**
 * Money the bank statement shows for an order, recorded once per bank line (audited): the
 * order is paid when it is covered (tax invoice, what its lines start, receipt), part payments
 * leave the rest due, and money for an order paid already becomes the customer's credit.
 */
export async function recordBankTransfer(
  deps: PaymentDeps,
  input: {
    orderReference: string;
    amountCents: number;
    receivedOn: string;
    /** The statement's description (or the reference typed from it). */
    description: string;
    /** The line's place among identical lines of one statement (1 when typed in). */
    occurrence: number;
    source: 'typed' | 'statement';
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<RecordOutcome> {
  const { method } = bankTransfers(deps.config);
  const externalId = bankLineKey(input);
  const seen = async () => {
    const [row] = await deps.db
      .select({ reference: payments.reference })
      .from(payments)
      .where(and(eq(payments.method, method.id), eq(payments.externalId, externalId)));
    return row;
  };
  const before = await seen();
  if (before) return { status: 'already', payment: before.reference };
  try {
    return await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.reference, input.orderReference));
      if (!order) {
        throw new AppError('NOT_FOUND', { message: `There is no order ${input.orderReference}` });
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          reference: newReference('PAY', 8),
          orderId: order.id,
          method: method.id,
          amountCents: input.amountCents,
          fields: [
            ['received_on', input.receivedOn],
            ['description', input.description],
            ['recorded_by', input.admin.email],
            ['source', input.source],
          ],
        })
        .returning();
      await settlePaidPayment(tx, deps, {
        payment: payment!,
        method,
        notification: {
          paymentReference: payment!.reference,
          externalId,
          outcome: 'paid',
          statusText: 'Bank transfer',
          amounts: { grossCents: input.amountCents, feeCents: 0, netCents: input.amountCents },
          recurringToken: null,
        },
      });
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'payment.bank_transfer_recorded',
        entityType: 'order',
        entityId: order.reference,
        details: {
          payment: payment!.reference,
          amount: centsToRand(input.amountCents),
          receivedOn: input.receivedOn,
          bankReference: input.description,
          source: input.source,
        },
        ip: input.ip,
      });
      const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
      const due =
        after!.status === 'pending_payment' || after!.status === 'cancelled'
          ? Math.max(0, after!.totalCents - (await paidTowards(tx, order.id)))
          : 0;
      return {
        status: 'recorded' as const,
        payment: payment!.reference,
        orderReference: order.reference,
        orderStatus: after!.status,
        amount: centsToRand(input.amountCents),
        due: centsToRand(due),
      };
    });
  } catch (error) {
    // Two people (or two imports) recording the same line at once: the second finds the first.
    if (isUniqueViolation(error)) {
      const first = await seen();
      if (first) return { status: 'already', payment: first.reference };
    }
    throw error;
  }
}

/**
 * The pro-forma invoice of an order being paid by bank transfer, for its customer or an
 * administrator: the lines and totals, the account, the reference and the day it is kept until.
 */
export async function proFormaPdf(deps: PaymentDeps, orderReference: string, viewer: Viewer) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      'admin' in viewer
        ? eq(orders.reference, orderReference)
        : and(eq(orders.reference, orderReference), eq(orders.userId, viewer.userId)),
    );
  if (!order) {
    throw new AppError('NOT_FOUND', {
      message: `There is no order ${orderReference} in your account`,
    });
  }
  const transfer = await bankTransferView(deps, order);
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [customer] = order.userId
    ? await deps.db.select().from(users).where(eq(users.id, order.userId))
    : [];
  const dueCents = randToCents(transfer.amount);
  const pdf = await renderProFormaPdf({
    orderReference: order.reference,
    issuedAt: new Date(),
    company: companyOf(deps.config),
    customer: customerOf(recipientParty(customer)),
    lines: invoiceLines(items, new Date()),
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    receivedCents: randToCents(transfer.received),
    payment: bankDetailLines(
      {
        bankName: transfer.bankName,
        holder: transfer.accountHolder,
        accountNumber: transfer.accountNumber,
        branchCode: transfer.branchCode,
        accountType: transfer.accountType,
      },
      order.reference,
      dueCents,
    ),
    payBy: new Date(transfer.payBy),
    test: transfer.test,
  });
  return { pdf, filename: `Pro-forma ${order.reference}.pdf` };
}

/** Orders waiting for a bank transfer, oldest first: what arrived, what is due, the proofs sent. */
export async function listAwaitingBankTransfers(db: Db) {
  const rows = await db
    .select({ payment: payments, order: orders, customer: users })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(payments.method, 'eft'),
        eq(payments.status, 'pending'),
        eq(orders.status, 'pending_payment'),
      ),
    )
    .orderBy(payments.expiresAt)
    .limit(200);
  return Promise.all(
    rows.map(async ({ payment, order, customer }) => {
      const received = await paidTowards(db, order.id);
      return {
        orderReference: order.reference,
        customer: { name: customer.fullName, email: customer.email },
        total: centsToRand(order.totalCents),
        received: centsToRand(received),
        due: centsToRand(order.totalCents - received),
        payBy: payment.expiresAt!.toISOString(),
        proofs: (await listUploads(db, { orderId: order.id })).map((p) => ({
          id: p.id,
          filename: p.filename,
          createdAt: p.createdAt,
          sizeBytes: p.sizeBytes,
        })),
      };
    }),
  );
}

/** The order's id for a proof download, for its owner or an administrator. */
export async function orderIdFor(db: Db, reference: string, viewer: Viewer): Promise<string> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      'admin' in viewer
        ? eq(orders.reference, reference)
        : and(eq(orders.reference, reference), eq(orders.userId, viewer.userId)),
    );
  if (!order) throw new AppError('NOT_FOUND', { message: `There is no order ${reference}` });
  return order.id;
}
