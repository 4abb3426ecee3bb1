/**
 * Dunning cases (issue 30 §2): something past due, or about to be — a monthly subscription whose
 * charge failed, an unpaid renewal order — chased step by step by the policy of its kind. Each
 * step is a job of its own (dunning-step, keyed by case and step), planned when the case opens;
 * a payment closes the case, restores what was suspended and drops the steps still waiting.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  dunningCases,
  jobs,
  orders,
  subscriptions,
  users,
  type DunningStep,
} from '#db/schema/index.ts';
import type { DunningKind, DunningPolicy } from '#shared/dunning.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { unsuspendOrderLines, type OrderLineRegistry } from '../orders/order-lines.service.ts';
import { dunningTeamMail } from './dunning-mails.ts';
import { dunningPolicy } from './dunning-policy.service.ts';

export type DunningCaseRow = typeof dunningCases.$inferSelect;
export interface DunningDeps {
  config: Pick<Config, 'site' | 'publicUrl'>;
  orderLines: OrderLineRegistry;
}

const dayMs = 86_400_000;
const daysFrom = (at: Date, days: number) => new Date(at.getTime() + days * dayMs);

/**
 * A case's steps by its policy, from its due date: reminders before it (those still ahead),
 * reminders after it, the final notice at the end of the grace days, suspension, cancellation.
 */
export function planSteps(policy: DunningPolicy, dueAt: Date, now: Date): DunningStep[] {
  const steps: (Omit<DunningStep, 'dueAt'> & { dueAt: Date })[] = [
    ...policy.reminderDays.map((days) => ({
      step: `reminder-${days}`,
      kind: 'reminder' as const,
      dueAt: daysFrom(dueAt, -days),
    })),
    ...policy.retryDays.map((days) => ({
      step: `retry-${days}`,
      kind: 'retry' as const,
      dueAt: daysFrom(dueAt, days),
    })),
    {
      step: 'final-notice',
      kind: 'final-notice' as const,
      dueAt: daysFrom(dueAt, policy.graceDays),
    },
    { step: 'suspend', kind: 'suspend' as const, dueAt: daysFrom(dueAt, policy.suspendDays) },
    { step: 'cancel', kind: 'cancel' as const, dueAt: daysFrom(dueAt, policy.cancelDays) },
  ];
  return steps
    .filter((step) => step.kind !== 'reminder' || step.dueAt.getTime() > now.getTime())
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
    .map((step) => ({ ...step, dueAt: step.dueAt.toISOString() }));
}

/** The job key of one step: queued once, whatever opens the case twice. */
export const stepJobKey = (caseId: string, step: string) => `dunning:${caseId}:${step}`;

/**
 * Opens a case in the caller's transaction and queues its steps, each at its time; nothing when
 * the subscription or the order has an open case already (a second failed charge of the month).
 */
export async function openDunningCase(
  tx: Db | Tx,
  input: {
    kind: DunningKind;
    userId: string | null;
    orderId: string;
    subscriptionId?: string;
    title: string;
    amountCents: number;
    dueAt: Date;
  },
  now = new Date(),
): Promise<DunningCaseRow | null> {
  const policy = await dunningPolicy(tx, input.kind);
  const steps = planSteps(policy, input.dueAt, now);
  const [opened] = await tx
    .insert(dunningCases)
    .values({
      kind: input.kind,
      userId: input.userId,
      orderId: input.orderId,
      subscriptionId: input.subscriptionId ?? null,
      title: input.title.slice(0, 300),
      amountCents: input.amountCents,
      dueAt: input.dueAt,
      steps,
      openedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!opened) return null;
  for (const step of steps) {
    await enqueueJob(
      tx,
      'dunning-step',
      { caseId: opened.id, step: step.step },
      { key: stepJobKey(opened.id, step.step), runAt: new Date(step.dueAt) },
    );
  }
  return opened;
}

/**
 * A payment for the subscription or the order of open cases, in the payment's transaction: each
 * is closed paid, what it suspended is restored (the team told to resume) and its waiting steps
 * are dropped. Idempotent: a closed case is not found again.
 */
export async function closeDunningCases(
  tx: Tx,
  deps: DunningDeps,
  target: { orderId: string } | { subscriptionId: string },
  now = new Date(),
): Promise<DunningCaseRow[]> {
  const closed = await tx
    .update(dunningCases)
    .set({ status: 'paid', closedAt: now })
    .where(
      and(
        eq(dunningCases.status, 'open'),
        'orderId' in target
          ? and(
              eq(dunningCases.orderId, target.orderId),
              sql`${dunningCases.subscriptionId} is null`,
            )
          : eq(dunningCases.subscriptionId, target.subscriptionId),
      ),
    )
    .returning();
  for (const row of closed) {
    await tx
      .delete(jobs)
      .where(and(like(jobs.key, `dunning:${row.id}:%`), eq(jobs.status, 'queued')));
    if (row.suspendedAt) await restore(tx, deps, row);
  }
  return closed;
}

/** Undoes a case's suspension: its order's lines by their kinds, and the team is told. */
async function restore(tx: Tx, deps: DunningDeps, row: DunningCaseRow): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return;
  await unsuspendOrderLines(tx, deps.orderLines, order);
  if (row.kind !== 'monthly') return;
  const [customer] = row.userId
    ? await tx.select().from(users).where(eq(users.id, row.userId))
    : [];
  await queueMail(tx, {
    to: deps.config.site.contactEmail,
    ...dunningTeamMail(deps.config, {
      event: 'restored',
      title: row.title,
      email: customer?.email ?? 'deleted account',
      amountCents: row.amountCents,
    }),
  });
}

/** The subscription's reference and the order's, for the lists. */
export async function caseReferences(db: Db | Tx, rows: DunningCaseRow[]) {
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const subscriptionIds = [
    ...new Set(rows.flatMap((row) => (row.subscriptionId ? [row.subscriptionId] : []))),
  ];
  const [orderRows, subscriptionRows] = await Promise.all([
    orderIds.length
      ? db
          .select({ id: orders.id, reference: orders.reference })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
    subscriptionIds.length
      ? db
          .select({ id: subscriptions.id, reference: subscriptions.reference })
          .from(subscriptions)
          .where(inArray(subscriptions.id, subscriptionIds))
      : [],
  ]);
  return {
    order: new Map(orderRows.map((row) => [row.id, row.reference])),
    subscription: new Map(subscriptionRows.map((row) => [row.id, row.reference])),
  };
}

/**
 * Whether dunning ended this subscription unpaid: its "Cancelled unpaid" mail has told the
 * customer already, so PayFast's confirmation of the end needs no second mail.
 */
export async function endedByDunning(tx: Db | Tx, subscriptionId: string): Promise<boolean> {
  const rows = await tx
    .select({ steps: dunningCases.steps })
    .from(dunningCases)
    .where(
      and(eq(dunningCases.subscriptionId, subscriptionId), eq(dunningCases.status, 'cancelled')),
    );
  return rows.some((row) => row.steps.some((step) => step.kind === 'cancel' && step.doneAt));
}
