/**
 * The customer's controls of a running subscription (decision 029): pause and resume where the
 * package allows, and a change of package from the next charge. The method is asked first, outside any transaction (the simulator answers
 * from this very database); only its yes is written, in one transaction with the history line.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import {
  servicePackages,
  services,
  subscriptions,
  type PendingSubscriptionChange,
  type SubscriptionLine,
} from '#db/schema/index.ts';
import { formatDate, nextMonth, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Subscription } from '#shared/subscriptions.schemas.ts';
import {
  PaymentMethodRefusedError,
  PaymentMethodUnavailableError,
  type RecurringAgreements,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { AppError } from '../../plugins/errors.ts';
import { linesTitle } from './monthly-charge.ts';
import { tellTeam } from './subscription-amount.service.ts';
import { listSubscriptions } from './subscription-lists.service.ts';
import {
  currentLines,
  methodAmountCents,
  queueAmountPushIfDue,
  recordSubscriptionEvent,
} from './subscription-plan.ts';
import type { SubscriptionDeps, SubscriptionRow } from './subscriptions.service.ts';

type Ask = { userId: string; reference: string; now?: Date };

const mine = async (tx: Tx, { userId, reference }: Ask) => {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.reference, reference), eq(subscriptions.userId, userId)))
    .for('update');
  if (!row) {
    throw new AppError('NOT_FOUND', {
      message: `There is no subscription ${reference} in your account`,
    });
  }
  return row;
};

const conflict = (message: string) => new AppError('CONFLICT', { message });

/** A subscription the customer may change: running, not being cancelled, paid up. */
function mustBeRunning(row: SubscriptionRow) {
  if (row.status !== 'active') {
    throw conflict(`Subscription ${row.reference} is ${row.status}: it cannot be changed`);
  }
  if (row.suspendedAt || row.failedCharges > 0) {
    throw conflict(
      `Subscription ${row.reference} has an unpaid charge: please settle it (or replace the card) first`,
    );
  }
}

/**
 * Asks the payment method; its no is a 409 and no answer a 503, each with words the page shows,
 * and nothing is written. A no is no error when the row shows the change `reached` meanwhile.
 */
async function askMethod(
  config: SubscriptionDeps['config'],
  row: SubscriptionRow,
  call: (recurring: RecurringAgreements) => Promise<void>,
  check?: {
    reached: (row: SubscriptionRow) => boolean;
    ask: Ask;
    db: SubscriptionDeps['db'];
  },
) {
  const { recurring, provider } = paymentMethod(config, row.method);
  if (!recurring) throw conflict(`${provider} cannot change this subscription`);
  try {
    await call(recurring);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    if (error instanceof PaymentMethodRefusedError) {
      if (check && check.reached(await check.db.transaction((tx) => mine(tx, check.ask)))) return;
      throw conflict(`${provider} refused the change, so nothing was changed. ${why}`);
    }
    if (error instanceof PaymentMethodUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: `${provider} did not answer, so nothing was changed. Please try again in a few minutes.`,
        retryAfterSeconds: 60,
      });
    }
    throw error;
  }
}

/** Whether every package of the subscription's lines lets its customers pause. */
async function pausable(tx: Tx, lines: SubscriptionLine[]) {
  const ids = lines.map((line) => line.packageId).filter((id): id is string => id !== null);
  if (ids.length === 0) return false;
  const rows = await tx
    .select({ pausable: servicePackages.pausable })
    .from(servicePackages)
    .where(inArray(servicePackages.id, ids));
  return rows.length === new Set(ids).size && rows.every((row) => row.pausable);
}

const answer = async (tx: Tx, ask: Ask): Promise<Subscription> =>
  (await listSubscriptions(tx, ask))[0]!;

/** Runs `write` in one transaction with the row locked and checked again, then answers the row. */
async function commit(
  { db }: Pick<SubscriptionDeps, 'db'>,
  ask: Ask,
  write: (tx: Tx, row: SubscriptionRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await write(tx, await mine(tx, ask));
    return answer(tx, ask);
  });
}

/**
 * Pauses the next `months` charges (1 to 3) of a package that allows it. Asking again while
 * paused answers the subscription as it is.
 */
export async function pauseSubscription(
  deps: SubscriptionDeps,
  ask: Ask & { months: number },
): Promise<Subscription> {
  const now = ask.now ?? new Date();
  const before = await deps.db.transaction(async (tx) => {
    const row = await mine(tx, ask);
    if (row.pausedAt) return null;
    mustBeRunning(row);
    if (row.pendingChange) {
      throw conflict(
        `A change is due from ${formatDate(row.pendingChange.startsOn)}: pause after it starts`,
      );
    }
    if (!(await pausable(tx, await currentLines(tx, row)))) {
      throw conflict(`${row.title} cannot be paused: please cancel it instead, or ask us`);
    }
    return row;
  });
  if (!before) return deps.db.transaction((tx) => answer(tx, ask));
  await askMethod(deps.config, before, (recurring) => recurring.pause(before.token, ask.months), {
    // A second request at the same moment: PayFast's "already paused" answers the first's pause.
    reached: (row) => row.pausedAt !== null,
    ask,
    db: deps.db,
  });
  return commit(deps, ask, async (tx, row) => {
    if (row.pausedAt) return;
    const skipped = [row.nextBillingDate];
    while (skipped.length < ask.months) skipped.push(nextMonth(skipped.at(-1)!));
    const resumesOn = nextMonth(skipped.at(-1)!);
    await tx
      .update(subscriptions)
      .set({
        pausedAt: now,
        pausedFrom: row.nextBillingDate,
        resumesOn,
        nextBillingDate: resumesOn,
      })
      .where(eq(subscriptions.id, row.id));
    const what = `Paused for ${ask.months} month${ask.months === 1 ? '' : 's'}: no charge on ${skipped.map(formatDate).join(', ')}; charged again from ${formatDate(resumesOn)}`;
    await recordSubscriptionEvent(tx, {
      subscriptionId: row.id,
      actor: 'customer',
      note: what,
      at: now,
      details: { months: ask.months, pausedFrom: row.nextBillingDate, resumesOn },
    });
    await tellTeam(tx, deps.config, row, `${what}. Stop the work for those months.`);
  });
}

/** The first billing date of the paused series still ahead: the charge a resume brings back. */
function resumedBillingDate(row: SubscriptionRow, today: string) {
  let date = row.pausedFrom ?? row.nextBillingDate;
  while (date <= today && date < row.nextBillingDate) date = nextMonth(date);
  return date;
}

/** Ends a pause now: charged again from the next billing date. Resuming a running one answers it. */
export async function resumeSubscription(deps: SubscriptionDeps, ask: Ask): Promise<Subscription> {
  const now = ask.now ?? new Date();
  const before = await deps.db.transaction(async (tx) => {
    const row = await mine(tx, ask);
    return row.pausedAt && row.status === 'active' ? row : null;
  });
  if (!before) return deps.db.transaction((tx) => answer(tx, ask));
  await askMethod(deps.config, before, (recurring) => recurring.resume(before.token), {
    reached: (row) => row.pausedAt === null,
    ask,
    db: deps.db,
  });
  return commit(deps, ask, async (tx, row) => {
    if (!row.pausedAt) return;
    const nextBillingDate = resumedBillingDate(row, saToday(now));
    const [resumed] = await tx
      .update(subscriptions)
      .set({ pausedAt: null, pausedFrom: null, resumesOn: null, nextBillingDate })
      .where(eq(subscriptions.id, row.id))
      .returning();
    // A price move told to PayFast during the pause may start after the charge now back: the
    // old amount is told again for it.
    await queueAmountPushIfDue(tx, resumed!);
    const what = `Resumed: charged again from ${formatDate(nextBillingDate)}`;
    await recordSubscriptionEvent(tx, {
      subscriptionId: row.id,
      actor: 'customer',
      note: what,
      at: now,
      details: { nextBillingDate },
    });
    await tellTeam(tx, deps.config, row, `${what}. Start the work again.`);
  });
}

/** The monthly packages a subscription line may change to: the others of its service, on sale. */
async function packageChoice(tx: Tx, lines: SubscriptionLine[], packageId: string) {
  const [target] = await tx
    .select({ pkg: servicePackages, service: services })
    .from(servicePackages)
    .innerJoin(services, eq(services.slug, servicePackages.serviceSlug))
    .where(eq(servicePackages.id, packageId));
  if (
    !target ||
    !target.pkg.active ||
    target.pkg.billing !== 'monthly' ||
    target.pkg.pricing !== 'fixed'
  ) {
    throw new AppError('BAD_REQUEST', { message: 'That package is not a monthly package on sale' });
  }
  const siblings = await tx
    .select({ id: servicePackages.id })
    .from(servicePackages)
    .where(
      and(
        eq(servicePackages.serviceSlug, target.service.slug),
        eq(servicePackages.billing, 'monthly'),
      ),
    );
  const index = lines.findIndex(
    (line) => line.packageId !== null && siblings.some((s) => s.id === line.packageId),
  );
  if (index < 0) {
    throw new AppError('BAD_REQUEST', {
      message: `This subscription has no ${target.service.name} package to change`,
    });
  }
  return { index, target };
}

/**
 * Moves one line of the subscription to another monthly package of the same service from the
 * next charge: the row keeps the pending change (amount, lines, title, first day), PayFast is
 * told the new amount, the team is mailed. Asking for the package already pending (or already
 * billed, with nothing pending) answers the subscription as it is.
 */
export async function changePackage(
  deps: SubscriptionDeps,
  ask: Ask & { packageId: string },
): Promise<Subscription> {
  const now = ask.now ?? new Date();
  const plan = await deps.db.transaction(async (tx) => {
    const row = await mine(tx, ask);
    mustBeRunning(row);
    if (row.pausedAt) throw conflict('Resume the subscription before changing its package');
    if (row.pendingChange?.kind === 'price') {
      throw conflict(
        `A new price starts on ${formatDate(row.pendingChange.startsOn)}: change the package after it`,
      );
    }
    const lines = await currentLines(tx, row);
    const { index, target } = await packageChoice(tx, lines, ask.packageId);
    const line = lines[index]!;
    const unchanged = line.packageId === target.pkg.id;
    if (
      (unchanged && !row.pendingChange) ||
      row.pendingChange?.lines[index]?.packageId === target.pkg.id
    ) {
      return null;
    }
    const name = `${target.service.name}: ${target.pkg.name}`;
    // The package's own part is the line's first monthly part; its monthly add-ons stay.
    const parts = [
      { name, unitCents: target.pkg.priceCents, billing: 'monthly' as const },
      ...line.parts.slice(1),
    ];
    const unitPriceCents = parts.reduce((sum, part) => sum + part.unitCents, 0);
    const changed = lines.map((each, i) =>
      i === index
        ? {
            ...each,
            title: parts.map((part) => part.name).join(' + '),
            packageId: target.pkg.id,
            unitPriceCents,
            totalCents: unitPriceCents * each.quantity,
            parts,
          }
        : each,
    );
    // Back to the package billed now: the pending change is dropped.
    const change: PendingSubscriptionChange | null = unchanged
      ? null
      : {
          kind: 'package',
          amountCents: changed.reduce((sum, each) => sum + each.totalCents, 0),
          title: linesTitle(changed).slice(0, 300),
          lines: changed,
          startsOn: row.nextBillingDate,
        };
    return { row, change };
  });
  if (!plan) return deps.db.transaction((tx) => answer(tx, ask));
  const amountCents = plan.change?.amountCents ?? plan.row.amountCents;
  if (amountCents !== methodAmountCents(plan.row)) {
    await askMethod(deps.config, plan.row, (recurring) =>
      recurring.changeAmount(plan.row.token, amountCents),
    );
  }
  return commit(deps, ask, async (tx, row) => {
    // The same change saved by a request at the same moment: nothing more to write.
    if (JSON.stringify(row.pendingChange) === JSON.stringify(plan.change)) return;
    if (row.nextBillingDate !== plan.row.nextBillingDate || row.status !== 'active') {
      throw conflict('The subscription changed meanwhile: please look at it again and retry');
    }
    await tx
      .update(subscriptions)
      .set({ pendingChange: plan.change, methodAmountCents: amountCents })
      .where(eq(subscriptions.id, row.id));
    const what = plan.change
      ? `Package change to ${plan.change.title} from ${formatDate(plan.change.startsOn)}: ${formatZAR(plan.change.amountCents)} a month`
      : `Package change withdrawn: ${row.title} stays at ${formatZAR(row.amountCents)} a month`;
    await recordSubscriptionEvent(tx, {
      subscriptionId: row.id,
      actor: 'customer',
      note: what,
      at: now,
      details: { packageId: ask.packageId, amountCents, startsOn: row.nextBillingDate },
    });
    await tellTeam(tx, deps.config, row, `${what}.`);
  });
}
