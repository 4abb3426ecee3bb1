/**
 * The dunning-step job: one step of one case, run once. The case row is locked for the step and
 * the step marked done in the same transaction as what it does, so a second run — another
 * process taking over an expired lease, a job queued twice — finds it done and does nothing.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { dunningCases, orders, subscriptions, users, type DunningStep } from '#db/schema/index.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { routes } from '#shared/routes.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import type { RenderedMail } from '../../integrations/mail/mail-template.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { suspendOrderLines } from '../orders/order-lines.service.ts';
import { cancelUnpaidOrder } from '../orders/order-status.service.ts';
import { retrySavedCardCharge as retrySavedCard } from '../saved-cards/saved-card-charges.service.ts';
import { startCancellation } from '../subscriptions/subscription-cancellation.service.ts';
import type { DunningCaseRow, DunningDeps } from './dunning-cases.service.ts';
import { newPayLink } from './pay-links.service.ts';
import {
  dunningTeamMail,
  finalNoticeMail,
  paymentOverdueMail,
  renewalReminderMail,
  serviceCancelledUnpaidMail,
  serviceSuspendedMail,
  type DunningMailFacts,
} from './dunning-mails.ts';

type OrderRow = typeof orders.$inferSelect;
type StepOutcome = 'done' | 'not-due' | 'closed';

const stepAt = (row: DunningCaseRow, kind: DunningStep['kind']) => {
  const step = row.steps.find((candidate) => candidate.kind === kind);
  return step ? new Date(step.dueAt) : row.dueAt;
};

/**
 * Runs the step `stepName` of a case if it is due by `now` (the tests' clock) and not done yet,
 * after any earlier step still waiting: steps claimed by two processes at once, or late after an
 * outage, still run in their order (a final notice never after the suspension). Answers what
 * happened: done, not due yet, or nothing to do (the case is closed, or the step ran already).
 */
export async function runDunningStep(
  deps: DunningDeps & { db: Db },
  caseId: string,
  stepName: string,
  now = new Date(),
): Promise<StepOutcome> {
  return deps.db.transaction(async (tx) => {
    let [row] = await tx
      .select()
      .from(dunningCases)
      .where(eq(dunningCases.id, caseId))
      .for('update');
    const last = row?.steps.findIndex((candidate) => candidate.step === stepName) ?? -1;
    if (!row || last < 0 || row.status !== 'open' || row.steps[last]!.doneAt) return 'closed';
    if (new Date(row.steps[last]!.dueAt).getTime() > now.getTime()) return 'not-due';
    for (const step of row.steps.slice(0, last + 1)) {
      if (step.doneAt) continue;
      row = await runOne(tx, deps, row, step, now);
      if (row.status !== 'open') break;
    }
    return 'done';
  });
}

/** One step, in the case's transaction: answers the case as it is after it. */
async function runOne(
  tx: Tx,
  deps: DunningDeps,
  row: DunningCaseRow,
  step: DunningStep,
  now: Date,
): Promise<DunningCaseRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  // An order case whose order was settled or given up elsewhere has nothing left to chase.
  if (!row.subscriptionId && order?.status !== 'pending_payment') {
    const status = order?.status ?? 'deleted';
    const note = `Order ${order?.reference ?? ''} is ${status}: case closed`;
    return finish(tx, row, step, now, note, {
      status: status === 'paid' ? 'paid' : 'cancelled',
    });
  }
  if (row.subscriptionId) {
    const [subscription] = await tx
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, row.subscriptionId));
    // Ended meanwhile (the customer, an owner, PayFast): nothing is owed for later months.
    if (subscription?.status !== 'active') {
      const note = `Subscription ${subscription?.status ?? 'deleted'}: case closed`;
      return finish(tx, row, step, now, note, { status: 'cancelled' });
    }
  }
  const note = await carryOut(tx, deps, row, step, order!);
  return finish(
    tx,
    row,
    step,
    now,
    note,
    step.kind === 'cancel' ? { status: 'cancelled' } : {},
    step.kind === 'suspend',
  );
}

/** Marks the step done with its note, and the case closed or suspended when the step says so. */
async function finish(
  tx: Tx,
  row: DunningCaseRow,
  step: DunningStep,
  now: Date,
  note: string,
  close: { status?: 'paid' | 'cancelled' },
  suspended = false,
): Promise<DunningCaseRow> {
  const steps = row.steps.map((candidate) =>
    candidate.step === step.step ? { ...candidate, doneAt: now.toISOString(), note } : candidate,
  );
  const [updated] = await tx
    .update(dunningCases)
    .set({
      steps,
      ...(close.status ? { status: close.status, closedAt: now } : {}),
      ...(suspended ? { suspendedAt: now } : {}),
    })
    .where(eq(dunningCases.id, row.id))
    .returning();
  return updated!;
}

/** What one step does, in the case's transaction; answers the note kept on the step. */
async function carryOut(
  tx: Tx,
  deps: DunningDeps,
  row: DunningCaseRow,
  step: DunningStep,
  order: OrderRow,
): Promise<string> {
  const { config } = deps;
  const [customer] = row.userId
    ? await tx.select().from(users).where(eq(users.id, row.userId))
    : [];
  const monthly = row.subscriptionId !== null;
  // A renewal whose saved-card charge was refused is charged again at each reminder (the card may
  // have been replaced since); the charge's own receipt or refusal mail tells the customer.
  const reminding = step.kind === 'reminder' || step.kind === 'retry';
  if (reminding && !monthly && customer && (await retrySavedCard(tx, order, step.step))) {
    return 'Saved card charged again';
  }
  // An order case asks what is still due on it (a part payment, credit applied); a month, its charge.
  const amountCents = monthly
    ? row.amountCents
    : order.totalCents - (await paidTowards(tx, order.id));
  // An order's mails pay it by a signed link, no sign-in needed (pay-links.service.ts); a month is
  // paid by PayFast's own retry, so its mails lead to the customer's subscriptions.
  const payLink =
    !monthly && customer && step.kind !== 'cancel'
      ? await newPayLink(tx, {
          orderId: order.id,
          userId: customer.id,
          expiresAt: stepAt(row, 'cancel'),
        })
      : null;
  const facts: DunningMailFacts = {
    name: customer?.fullName ?? '',
    title: row.title,
    amountCents,
    dueAt: row.dueAt,
    monthly,
    payUrl: monthly
      ? `${config.publicUrl}${routes.userPayments.path}`
      : `${config.publicUrl}${routes.payLink.path}?token=${tokenMintedOnDelivery}`,
  };
  const domain = row.kind === 'domain';
  const mailCustomer = async (mail: RenderedMail) => {
    if (!customer) return;
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      ...mail,
      ...(payLink ? { linkToken: payLink } : {}),
    });
  };
  switch (step.kind) {
    case 'reminder':
      await mailCustomer(renewalReminderMail(config, facts));
      return 'Reminder sent';
    case 'retry':
      await mailCustomer(paymentOverdueMail(config, facts));
      return 'Reminder to pay sent';
    case 'final-notice':
      await mailCustomer(
        finalNoticeMail(config, { ...facts, domain, suspendOn: stepAt(row, 'suspend') }),
      );
      return 'Final notice sent';
    case 'suspend':
      await suspendOrderLines(tx, deps.orderLines, order);
      await mailCustomer(
        serviceSuspendedMail(config, { ...facts, domain, cancelOn: stepAt(row, 'cancel') }),
      );
      if (!domain) {
        await queueMail(tx, {
          to: config.site.contactEmail,
          ...dunningTeamMail(config, {
            event: 'suspended',
            title: row.title,
            email: customer?.email ?? 'deleted account',
            amountCents,
          }),
        });
      }
      return domain ? 'Not renewed while unpaid' : 'Suspended; the team is told to stop the work';
    case 'cancel':
      await mailCustomer(serviceCancelledUnpaidMail(config, facts));
      if (!monthly) return cancelOrder(tx, deps, order);
      await queueMail(tx, {
        to: config.site.contactEmail,
        ...dunningTeamMail(config, {
          event: 'cancelled',
          title: row.title,
          email: customer?.email ?? 'deleted account',
          amountCents,
        }),
      });
      return cancelSubscription(tx, row.subscriptionId!);
  }
}

/** The end of a monthly case: PayFast is asked to stop the subscription (the usual job). */
async function cancelSubscription(tx: Tx, subscriptionId: string): Promise<string> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (subscription?.status !== 'active')
    return `Subscription already ${subscription?.status ?? 'gone'}`;
  await startCancellation(tx, subscription.reference);
  return 'Cancelled unpaid; PayFast is asked to stop the subscription';
}

/** The end of an order case: the order is cancelled unpaid, like an expired bank transfer. */
async function cancelOrder(tx: Tx, deps: DunningDeps, order: OrderRow): Promise<string> {
  await cancelUnpaidOrder(tx, deps.orderLines, order, 'Not paid by the end of dunning');
  return `Cancelled unpaid: order ${order.reference}`;
}
