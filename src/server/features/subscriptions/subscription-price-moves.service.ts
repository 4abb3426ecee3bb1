/**
 * A catalogue price change reaching running subscriptions (decision 029): the owner moves a
 * package's subscribers to its new price from a date at least the promised notice ahead; each gets
 * a pending change from its first billing date on or after it and a notice mail now, and PayFast
 * is told only once the last charge at the old price is in (subscription-plan.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { servicePackages, subscriptions, users, type SubscriptionLine } from '#db/schema/index.ts';
import { formatDate, nextMonth, saToday } from '#shared/dates.ts';
import { centsToRand, formatZAR } from '#shared/money.ts';
import {
  priceMoveNoticeDays,
  type PriceMoveOffer,
  type PriceMoveResult,
} from '#shared/subscriptions.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { priceChangeNoticeMail } from './subscription-mails.ts';
import {
  currentLines,
  queueAmountPushIfDue,
  recordSubscriptionEvent,
} from './subscription-plan.ts';
import type { SubscriptionDeps, SubscriptionRow } from './subscriptions.service.ts';

/** The day `days` after `date` (YYYY-MM-DD). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The earliest day a price move may start: the terms' notice from today. */
export const earliestPriceMove = (now: Date) => addDays(saToday(now), priceMoveNoticeDays);

async function monthlyPackage(tx: Db | Tx, packageId: string) {
  const [pkg] = await tx.select().from(servicePackages).where(eq(servicePackages.id, packageId));
  if (!pkg) throw new AppError('NOT_FOUND', { message: `There is no package "${packageId}"` });
  if (pkg.billing !== 'monthly') {
    throw new AppError('BAD_REQUEST', { message: `${pkg.name} is not billed monthly` });
  }
  return pkg;
}

/**
 * The subscription's lines at the package's new price (its own part is the line's first monthly
 * part), or null when none of its lines bills the package at another price.
 */
function repriced(lines: SubscriptionLine[], packageId: string, priceCents: number) {
  let moved = false;
  const next = lines.map((line) => {
    if (line.packageId !== packageId || line.parts[0]?.unitCents === priceCents) return line;
    moved = true;
    const parts = line.parts.map((part, i) =>
      i === 0 ? { ...part, unitCents: priceCents } : part,
    );
    const unitPriceCents = parts.reduce((sum, part) => sum + part.unitCents, 0);
    return { ...line, parts, unitPriceCents, totalCents: unitPriceCents * line.quantity };
  });
  return moved ? next : null;
}

async function runningWithPackage(tx: Db | Tx, packageId: string, priceCents: number) {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.status, ['active']));
  const found: { row: SubscriptionRow; lines: SubscriptionLine[] }[] = [];
  for (const row of rows) {
    const lines = repriced(await currentLines(tx, row), packageId, priceCents);
    if (lines) found.push({ row, lines });
  }
  return found;
}

/** What the back office offers after a price change: who pays another price, and from when. */
export async function priceMoveOffer(
  db: Db,
  packageId: string,
  now = new Date(),
): Promise<PriceMoveOffer> {
  const pkg = await monthlyPackage(db, packageId);
  const found = await runningWithPackage(db, packageId, pkg.priceCents);
  return {
    packageId,
    price: centsToRand(pkg.priceCents),
    subscriptions: found.length,
    earliest: earliestPriceMove(now),
    noticeDays: priceMoveNoticeDays,
  };
}

/** The first billing date of the subscription's series on or after `from`. */
function firstBillingOnOrAfter(row: SubscriptionRow, from: string) {
  let date = row.nextBillingDate;
  while (date < from) date = nextMonth(date);
  return date;
}

/**
 * Moves every running subscription of the package billed at another price to the catalogue's
 * price from `from`, in one transaction with the owner's audit entry. A subscription that already
 * has another change waiting is left out (and named); running it again moves none twice.
 */
export async function movePackagePrice(
  { db, config }: SubscriptionDeps,
  input: {
    packageId: string;
    from: string;
    admin: { id: string; email: string };
    ip: string;
    now?: Date;
  },
): Promise<PriceMoveResult> {
  const now = input.now ?? new Date();
  const earliest = earliestPriceMove(now);
  if (input.from < earliest) {
    throw new AppError('BAD_REQUEST', {
      message: `The new price can start on ${formatDate(earliest)} at the earliest: customers are given ${priceMoveNoticeDays} days' notice`,
    });
  }
  return db.transaction(async (tx) => {
    const pkg = await monthlyPackage(tx, input.packageId);
    const found = await runningWithPackage(tx, input.packageId, pkg.priceCents);
    const moved: string[] = [];
    const skipped: string[] = [];
    for (const { row: seen, lines } of found) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, seen.id), eq(subscriptions.status, 'active')))
        .for('update');
      if (!row) continue;
      const amountCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
      if (row.pendingChange) {
        // The same move asked again changes nothing; another change waiting is left to the team.
        if (row.pendingChange.kind !== 'price' || row.pendingChange.amountCents !== amountCents) {
          skipped.push(row.reference);
        }
        continue;
      }
      const startsOn = firstBillingOnOrAfter(row, input.from);
      const [updated] = await tx
        .update(subscriptions)
        .set({
          pendingChange: { kind: 'price', amountCents, title: row.title, lines, startsOn },
        })
        .where(eq(subscriptions.id, row.id))
        .returning();
      await recordSubscriptionEvent(tx, {
        subscriptionId: row.id,
        actor: 'owner',
        note: `New price from ${formatDate(startsOn)}: ${formatZAR(amountCents)} a month (was ${formatZAR(row.amountCents)}); notice mailed`,
        at: now,
        details: { packageId: pkg.id, amountCents, startsOn, by: input.admin.email },
      });
      const [customer] = row.userId
        ? await tx.select().from(users).where(eq(users.id, row.userId))
        : [];
      if (customer) {
        await queueMail(tx, {
          to: customer.email,
          userId: customer.id,
          ...priceChangeNoticeMail(config, {
            name: customer.fullName,
            title: row.title,
            reference: row.reference,
            oldAmountCents: row.amountCents,
            newAmountCents: amountCents,
            startsOn,
          }),
        });
      }
      // Due at once only when no charge at the old price is left before it.
      await queueAmountPushIfDue(tx, updated!);
      moved.push(row.reference);
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'subscription.price_move',
      entityType: 'service_package',
      entityId: pkg.id,
      details: { from: input.from, priceCents: pkg.priceCents, moved, skipped },
      ip: input.ip,
    });
    return { moved: moved.length, skipped, from: input.from };
  });
}
