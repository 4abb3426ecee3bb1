import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { enqueueJob } from '../../jobs/queue.ts';
import { newReference } from '../../lib/references.ts';
import type { Db, Tx } from '#db/client.ts';
import {
  domainOrders,
  invoices,
  orderItems,
  orders,
  payfastItns,
  payments,
  users,
} from '#db/schema/index.ts';
import { centsToRand } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { isPayfastSource } from '../../integrations/payfast/itn-source.ts';
import { payfastAmount, payfastAmountToCents } from '../../integrations/payfast/amounts.ts';
import {
  itnParamString,
  itnSignatureValid,
  signRedirectForm,
  signatureString,
} from '../../integrations/payfast/signature.ts';
import { AppError } from '../../plugins/errors.ts';
import { markDomainOrderPaid } from '../domains/domain-orders.service.ts';
import { markQuotedRequestsPaid, openWebsiteProject } from '../requests/requests.service.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  itnUnconfirmedAdminMail,
  overpaymentAdminMail,
  overpaymentCustomerMail,
  receiptMail,
} from './payment-mails.ts';
import { issueInvoice } from './invoices.service.ts';
import { refundsOfPayments } from './refunds.service.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { startPaidSpeedReports } from '../speed-reports/speed-reports.service.ts';
import { openPaidPlans } from '../business-plans/business-plans.service.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import {
  applySubscriptionItn,
  monthlyAmountFor,
  openSubscription,
  subscriptionFormFields,
} from '../subscriptions/subscriptions.service.ts';

export interface PaymentDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payfast' | 'site' | 'supplier'>;
}

/** The signed form that sends the customer to PayFast's payment page for one of their orders. */
/** Above this total (incl. VAT) a tax invoice must be the full one (VAT Act s20(4)). */
const fullTaxInvoiceAboveCents = 500_000;

export async function startPayfastPayment(
  { db, config }: PaymentDeps,
  input: { orderReference: string; userId: string },
) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, input.orderReference), eq(orders.userId, input.userId)));
  if (!order)
    throw new AppError('NOT_FOUND', {
      message: `There is no order ${input.orderReference} in your account`,
    });
  if (order.status !== 'pending_payment') {
    throw new AppError('CONFLICT', {
      message: `Order ${order.reference} is already ${order.status.replace('_', ' ')}`,
    });
  }
  const [customer] = await db.select().from(users).where(eq(users.id, input.userId));
  // VAT Act s20(4): a tax invoice over R5 000 names the recipient's address.
  if (
    config.supplier.vatNumber &&
    order.totalCents > fullTaxInvoiceAboveCents &&
    !customer?.address
  ) {
    throw new AppError('VALIDATION_ERROR', {
      message:
        'A tax invoice over R 5 000,00 must show your address. Add it to your invoice details, then pay.',
    });
  }
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const reference = newReference('PAY', 8);
  const [first = '', ...rest] = (customer?.fullName ?? '').split(/\s+/);
  const fields = signRedirectForm(
    {
      merchant_id: config.payfast.merchantId,
      merchant_key: config.payfast.merchantKey,
      return_url: `${config.publicUrl}/payment/success?reference=${reference}`,
      cancel_url: `${config.publicUrl}/payment/cancel?reference=${reference}`,
      notify_url: `${config.publicUrl}/api/payments/payfast/notify`,
      name_first: first.slice(0, 100),
      name_last: rest.join(' ').slice(0, 100),
      email_address: (customer?.email ?? '').slice(0, 100),
      m_payment_id: reference,
      amount: payfastAmount(order.totalCents),
      item_name: `Order ${order.reference}`,
      item_description: items
        .map((i) => i.title)
        .join('; ')
        .slice(0, 255),
      // Monthly lines: the first month is in `amount`, PayFast bills the next ones itself.
      ...subscriptionFormFields(items),
    },
    config.payfast.passphrase,
  );
  // One live attempt per order: starting one closes the order's earlier open attempts (two tabs,
  // a Back button). A late COMPLETE for a closed attempt still pays the order while it is unpaid.
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    await tx
      .insert(payments)
      .values({ reference, orderId: order.id, amountCents: order.totalCents, fields });
  });
  return { action: config.payfast.processUrl, reference, fields: Object.fromEntries(fields) };
}

/**
 * What a paid order starts, in the payment's transaction: website packages become projects for
 * the team (won website requests), speed reports are measured, professional business plans go to
 * our writers, and the customer gets a receipt.
 */
async function fulfilPaidOrder(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  config: PaymentDeps['config'],
  order: typeof orders.$inferSelect,
  { paymentReference, invoice }: { paymentReference: string; invoice: number },
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [customer] = order.userId
    ? await tx.select().from(users).where(eq(users.id, order.userId))
    : [];
  for (const item of items) {
    if (!item.packageId?.startsWith('website-')) continue;
    await openWebsiteProject(
      tx,
      {
        userId: order.userId,
        packageId: item.packageId,
        name: customer?.fullName ?? 'Customer',
        email: customer?.email ?? '',
        message: `Paid order ${order.reference}: ${item.title}`,
      },
      config,
      item.title,
    );
  }
  await startPaidSpeedReports(tx, { userId: order.userId, items });
  await openPaidPlans(tx, config, { userId: order.userId, reference: order.reference, items });
  if (customer) {
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      attachments: [{ kind: 'invoice', orderReference: order.reference }],
      ...receiptMail(config, {
        name: customer.fullName,
        orderReference: order.reference,
        paymentReference,
        invoice: `${config.supplier.vatNumber ? 'tax invoice' : 'invoice'} ${invoiceNumber(invoice)}`,
        items: items.map((i) => ({
          title: i.title,
          quantity: i.quantity,
          totalCents: i.totalCents,
        })),
        totalCents: order.totalCents,
      }),
    });
  }
}

type Verdict = { accepted: true; reason: string } | { accepted: false; reason: string };

/**
 * PayFast's validate endpoint gave no verdict (a timeout, a network error, 403, 5xx or any body
 * but VALID / INVALID): the ITN is checked again later, never refused for it.
 */
export class ConfirmationUnavailableError extends Error {}

/**
 * PayFast's server confirmation: the same parameter string is posted back; exactly VALID
 * confirms, exactly INVALID refuses, anything else is ConfirmationUnavailableError.
 */
async function confirmWithPayfast(
  validateUrl: string,
  fields: [string, string][],
): Promise<boolean> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(validateUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: itnParamString(fields),
      signal: AbortSignal.timeout(10_000),
    });
    body = (await response.text()).trim();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfirmationUnavailableError(`PayFast's validate endpoint did not answer: ${why}`);
  }
  if (response.ok && body === 'VALID') return true;
  if (response.ok && body === 'INVALID') return false;
  throw new ConfirmationUnavailableError(
    `PayFast's validate endpoint answered ${response.status} ${JSON.stringify(body.slice(0, 80))}`,
  );
}

const itnField = (fields: [string, string][], name: string) =>
  fields.find(([key]) => key === name)?.[1]?.trim() ?? '';

/**
 * An ITN's amount_gross, amount_fee and amount_net in exact cents, null when not sent (a CANCELLED
 * ITN may come without them); a value that is not a plain amount refuses the ITN.
 */
function itnAmounts(
  fields: [string, string][],
): { gross: number | null; fee: number | null; net: number | null } | { refused: string } {
  const cents: (number | null)[] = [];
  for (const name of ['amount_gross', 'amount_fee', 'amount_net']) {
    const text = fields.find(([key]) => key === name)?.[1] ?? '';
    const value = text === '' ? null : payfastAmountToCents(text);
    if (text !== '' && value === null)
      return { refused: `${name} ${JSON.stringify(text)} is not an amount` };
    cents.push(value);
  }
  const [gross = null, fee = null, net = null] = cents;
  return { gross, fee, net };
}

/**
 * Takes an ITN in. One that fails the cheap checks (screenItn) is refused at once and nothing is
 * queued; it is kept, with why, only when it names one of our payments (the debug page shows
 * it). One that passes is stored exactly as it arrived with the job that checks it (one
 * transaction), so PayFast gets its 200 at once; `checkItn` decides what it means afterwards.
 */
export async function receiveItn(
  deps: PaymentDeps,
  input: { fields: [string, string][]; ip: string },
): Promise<{ accepted: true; id: number } | { accepted: false; reason: string }> {
  const screened = await screenItn(deps, input.fields);
  if ('refused' in screened) {
    if (screened.payment) {
      await deps.db.insert(payfastItns).values({
        ...storedItn(input),
        accepted: false,
        reason: screened.refused,
        checkedAt: sql`now()`,
      });
    }
    return { accepted: false, reason: screened.refused };
  }
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payfastItns)
      .values(storedItn(input))
      .returning({ id: payfastItns.id });
    await enqueueJob(tx, 'check-itn', { itnId: row!.id }, { key: `check-itn:${row!.id}` });
    return row!.id;
  });
  return { accepted: true, id };
}

/** An ITN's row as it arrived: its fields untouched, with the ones we look it up by. */
const storedItn = (input: { fields: [string, string][]; ip: string }) => ({
  paymentReference: itnField(input.fields, 'm_payment_id') || null,
  pfPaymentId: itnField(input.fields, 'pf_payment_id') || null,
  paymentStatus: itnField(input.fields, 'payment_status') || null,
  ip: input.ip,
  fields: input.fields,
});

/** Stored ITNs not checked yet, counted up to `limit` (the notify route's backlog bound). */
export async function countUncheckedItns(db: Db, limit: number): Promise<number> {
  const waiting = db
    .select({ id: payfastItns.id })
    .from(payfastItns)
    .where(isNull(payfastItns.accepted))
    .limit(limit)
    .as('waiting');
  const [row] = await db.select({ n: count() }).from(waiting);
  return row?.n ?? 0;
}

/**
 * Checks one stored ITN and records the verdict on its row (the check-itn job, which runs it
 * once at a time). Null when it is already checked. Without PayFast's verdict on the server
 * confirmation the row says so and ConfirmationUnavailableError is thrown, for a later try.
 */
export async function checkItn(
  deps: PaymentDeps,
  id: number,
): Promise<(Verdict & { paidOrderId?: string }) | null> {
  const [itn] = await deps.db
    .select()
    .from(payfastItns)
    .where(and(eq(payfastItns.id, id), isNull(payfastItns.accepted)));
  if (!itn) return null;
  const verdict = await applyItn(deps, { id, fields: itn.fields, ip: itn.ip ?? '' }).catch(
    async (error: unknown) => {
      if (error instanceof ConfirmationUnavailableError) {
        await deps.db
          .update(payfastItns)
          .set({ reason: `waiting for PayFast's confirmation: ${error.message}`.slice(0, 500) })
          .where(eq(payfastItns.id, id));
      }
      throw error;
    },
  );
  // A refusal before the transaction (signature, source, INVALID) is written here.
  await recordVerdict(deps.db, id, verdict);
  return verdict;
}

/**
 * Writes an ITN row's verdict unless it has one: a second check of the same row (a run whose
 * lease ran out, another process) never overwrites the verdict that applied the payment.
 */
const recordVerdict = (db: Db | Tx, id: number, verdict: Verdict) =>
  db
    .update(payfastItns)
    .set({ accepted: verdict.accepted, reason: verdict.reason, checkedAt: sql`now()` })
    .where(and(eq(payfastItns.id, id), isNull(payfastItns.accepted)));

/**
 * Tells the company address that PayFast has given no verdict on an ITN for `tries` tries (the
 * check-itn job calls it after a few tries, and once more when it gives up).
 */
export async function reportUnconfirmedItn(
  { db, config }: PaymentDeps,
  input: { itnId: number; error: string; tries: number; final: boolean },
): Promise<void> {
  const [itn] = await db.select().from(payfastItns).where(eq(payfastItns.id, input.itnId));
  await queueMail(db, {
    to: config.site.contactEmail,
    ...itnUnconfirmedAdminMail(config, {
      ...input,
      paymentReference: itn?.paymentReference ?? null,
    }),
  });
}

/**
 * The checks an ITN must pass before anything is stored or done for it, all cheap: signature,
 * merchant, a payment of ours, its exact amount, a pf_payment_id. The source and PayFast's own
 * confirmation (network calls) come later, in the check-itn job.
 */
type Screened =
  | { refused: string; payment?: typeof payments.$inferSelect }
  | {
      payment: typeof payments.$inferSelect;
      pfPaymentId: string;
      status: string;
      reported: { grossCents: number | null; feeCents: number | null; netCents: number | null };
      token: string;
    };

async function screenItn(
  { db, config }: PaymentDeps,
  fields: [string, string][],
): Promise<Screened> {
  const get = (name: string) => itnField(fields, name);
  const reference = get('m_payment_id');
  const [payment] = reference
    ? await db.select().from(payments).where(eq(payments.reference, reference))
    : [];
  const refuse = (reason: string) => ({ refused: reason, payment });
  if (!itnSignatureValid(fields, config.payfast.passphrase)) return refuse('signature mismatch');
  if (get('merchant_id') !== config.payfast.merchantId) return refuse('merchant id is not ours');
  if (!payment) return refuse(`unknown payment reference ${reference || '(none)'}`);
  const status = get('payment_status');
  const amounts = itnAmounts(fields);
  if ('refused' in amounts) return refuse(amounts.refused);
  if (amounts.gross === null && status !== 'CANCELLED') return refuse('no amount_gross');
  if (
    amounts.gross !== null &&
    amounts.gross !== payment.amountCents &&
    amounts.gross !== (await monthlyAmountFor(db, payment, get('token')))
  ) {
    return refuse(
      `amount ${get('amount_gross')} does not match ${payfastAmount(payment.amountCents)}`,
    );
  }
  const pfPaymentId = get('pf_payment_id');
  if (!pfPaymentId) return refuse('no pf_payment_id');
  return {
    payment,
    pfPaymentId,
    status,
    token: get('token'),
    // As PayFast reports them; its amount_fee is negative (-2.30), fee_cents is the fee (230).
    reported: {
      grossCents: amounts.gross,
      feeCents: amounts.fee === null ? null : Math.abs(amounts.fee),
      netCents: amounts.net,
    },
  };
}

/**
 * What an ITN means: nothing is trusted until signature, source, amount + merchant and PayFast's
 * own confirmation all pass; then, once per pf_payment_id and in one transaction, the payment and
 * its order change.
 */
async function applyItn(
  { db, config }: PaymentDeps,
  input: { id: number; fields: [string, string][]; ip: string },
): Promise<Verdict & { paidOrderId?: string }> {
  const screened = await screenItn({ db, config }, input.fields);
  if ('refused' in screened) return { accepted: false, reason: screened.refused };
  if (config.payfast.verifySource && !(await isPayfastSource(input.ip))) {
    return { accepted: false, reason: `source ${input.ip} is not PayFast` };
  }
  if (!(await confirmWithPayfast(config.payfast.validateUrl, input.fields))) {
    return { accepted: false, reason: 'PayFast answered INVALID to the server confirmation' };
  }
  return db.transaction(async (tx) => {
    const verdict = await applyConfirmedItn(tx, config, screened);
    // In the same transaction as what it did: a second check of this row waiting on the
    // payment's lock then finds it checked and cannot put its "duplicate" in its place.
    await recordVerdict(tx, input.id, verdict);
    return verdict;
  });
}

/** What a confirmed ITN changes, in the caller's transaction, once per pf_payment_id. */
async function applyConfirmedItn(
  tx: Tx,
  config: PaymentDeps['config'],
  { payment, reported, pfPaymentId, status, token }: Exclude<Screened, { refused: string }>,
): Promise<Verdict & { paidOrderId?: string }> {
  const [current] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, payment.id))
    .for('update');
  // A later month of a subscription names the first payment and carries the token.
  const monthly = await applySubscriptionItn(tx, config, {
    payment: current!,
    token,
    pfPaymentId,
    status,
    reported,
  });
  if (monthly) return monthly;
  if (current!.pfPaymentId === pfPaymentId || current!.status === 'paid') {
    return { accepted: true, reason: 'duplicate: already applied' };
  }
  if (status === 'COMPLETE') {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update');
    // A customer who pays an order that was cancelled meanwhile still gets what they paid for.
    const payable = order!.status === 'pending_payment' || order!.status === 'cancelled';
    await tx
      .update(payments)
      .set({
        status: 'paid',
        pfPaymentId,
        ...reported,
        paidAt: sql`now()`,
        overpayment: !payable,
      })
      .where(eq(payments.id, payment.id));
    if (!payable) {
      // Paid twice (two tabs, a second card): the money is kept track of and owed back.
      const paidTwice = {
        orderReference: order!.reference,
        paymentReference: payment.reference,
        amountCents: payment.amountCents,
      };
      await queueMail(tx, {
        to: config.site.contactEmail,
        ...overpaymentAdminMail(config, paidTwice),
      });
      const [customer] = order!.userId
        ? await tx.select().from(users).where(eq(users.id, order!.userId))
        : [];
      if (customer) {
        await queueMail(tx, {
          to: customer.email,
          userId: customer.id,
          ...overpaymentCustomerMail(config, { ...paidTwice, name: customer.fullName }),
        });
      }
      return {
        accepted: true,
        reason: `COMPLETE: overpayment, order ${order!.reference} was already paid; refund it from the back office`,
      };
    }
    const paid = await moveOrder(tx, order!.id, 'paid', `PayFast ${pfPaymentId}`);
    const lines = await tx
      .select({
        domainOrderId: orderItems.domainOrderId,
        serviceRequestId: orderItems.serviceRequestId,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, paid.id));
    for (const { domainOrderId } of lines) {
      if (domainOrderId) await markDomainOrderPaid(tx, domainOrderId);
    }
    await markQuotedRequestsPaid(
      tx,
      lines.flatMap((line) => (line.serviceRequestId ? [line.serviceRequestId] : [])),
    );
    const invoice = await issueInvoice(tx, config.supplier, paid);
    if (token) await openSubscription(tx, { order: paid, payment: current!, token });
    await fulfilPaidOrder(tx, config, paid, { paymentReference: payment.reference, invoice });
    return {
      accepted: true,
      reason: 'COMPLETE: payment and order paid',
      paidOrderId: payment.orderId,
    };
  }
  if (status === 'FAILED' || status === 'CANCELLED') {
    await tx
      .update(payments)
      .set({ status: status === 'FAILED' ? 'failed' : 'cancelled', pfPaymentId, ...reported })
      .where(eq(payments.id, payment.id));
    return { accepted: true, reason: `${status}: recorded, the order stays payable` };
  }
  return { accepted: true, reason: `${status || 'no status'}: nothing to change yet` };
}

/** A payment as its owner sees it (the success page polls this). */
export async function getPayment(db: Db, reference: string, userId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders, invoice: invoices.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(and(eq(payments.reference, reference), eq(orders.userId, userId)));
  if (!row)
    throw new AppError('NOT_FOUND', {
      message: `There is no payment ${reference} in your account`,
    });
  const domains = await db
    .select({ domain: domainOrders.domain, status: domainOrders.status })
    .from(orderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
    .where(eq(orderItems.orderId, row.order.id));
  const items = await db
    .select({
      title: orderItems.title,
      quantity: orderItems.quantity,
      totalCents: orderItems.totalCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.order.id));
  return {
    reference: row.payment.reference,
    status: row.payment.status,
    method: 'Card (PayFast)',
    items: items.map((i) => ({
      title: i.title,
      quantity: i.quantity,
      total: centsToRand(i.totalCents),
    })),
    amount: centsToRand(row.payment.amountCents),
    pfPaymentId: row.payment.pfPaymentId,
    createdAt: row.payment.createdAt.toISOString(),
    paidAt: row.payment.paidAt?.toISOString() ?? null,
    order: {
      reference: row.order.reference,
      status: row.order.status,
      invoice: row.invoice === null ? null : invoiceNumber(row.invoice),
    },
    domains,
    overpayment: row.payment.overpayment,
    refunds: (await refundsOfPayments(db, [row.payment.id])).get(row.payment.id) ?? [],
  };
}

/**
 * The customer came back from PayFast's cancel link: the attempt is closed (the order stays
 * payable). A COMPLETE ITN arriving later still pays it; nothing paid is lost.
 */
export async function cancelPendingPayment(db: Db, reference: string, userId: string) {
  const [row] = await db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.reference, reference), eq(orders.userId, userId)));
  if (!row)
    throw new AppError('NOT_FOUND', {
      message: `There is no payment ${reference} in your account`,
    });
  const [cancelled] = await db
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    .returning({ status: payments.status });
  return { reference, status: cancelled?.status ?? row.status };
}

/** The customer's payments, newest first. */
export async function listPayments(db: Db, userId: string) {
  const rows = await db
    .select({ payment: payments, order: orders, invoice: invoices.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(100);
  return rows.map(({ payment, order, invoice }) => ({
    reference: payment.reference,
    status: payment.status,
    amount: centsToRand(payment.amountCents),
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    order: {
      reference: order.reference,
      status: order.status,
      invoice: invoice === null ? null : invoiceNumber(invoice),
    },
  }));
}

/**
 * /payment/debug: the caller's own latest payment — the fields sent to PayFast, the string that
 * was signed (passphrase masked) and every ITN received for it with the reason it was accepted
 * or refused.
 */
export async function debugLastPayment(db: Db, userId: string) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'You have not started a payment yet' });
  const { payment } = row;
  const itns = await db
    .select()
    .from(payfastItns)
    .where(eq(payfastItns.paymentReference, payment.reference))
    .orderBy(payfastItns.id);
  const signed = payment.fields.filter(([key]) => key !== 'signature');
  return {
    reference: payment.reference,
    status: payment.status,
    amount: centsToRand(payment.amountCents),
    fields: payment.fields,
    signatureString: `${signatureString(signed, undefined)}&passphrase=********`,
    itns: itns.map((itn) => ({
      receivedAt: itn.receivedAt.toISOString(),
      paymentStatus: itn.paymentStatus,
      accepted: itn.accepted,
      reason: itn.reason,
    })),
  };
}
