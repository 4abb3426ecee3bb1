import type { Db } from '#db/client.ts';
import { subscriptions } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { RecurringRevenue } from '#shared/reports.schemas.ts';
import { csvLines } from './csv.ts';
import { monthAfter, monthStart } from './months.ts';

/** The months the report covers: this one and the eleven before it. */
const monthsShown = 12;

/**
 * MRR and churn for the last 12 months from the subscriptions' own dates: a subscription counts
 * from its start until it is cancelled (a failed charge does not end it; PayFast retries).
 */
export async function recurringRevenue(db: Db, now = new Date()): Promise<RecurringRevenue> {
  const all = await db
    .select({
      amountCents: subscriptions.amountCents,
      createdAt: subscriptions.createdAt,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions);
  const current = saToday(now).slice(0, 7);
  const activeAt = (instant: Date) =>
    all.filter((s) => s.createdAt < instant && (!s.cancelledAt || s.cancelledAt >= instant));
  const within = (at: Date | null, start: Date, end: Date) => !!at && at >= start && at < end;

  const months = Array.from({ length: monthsShown }, (_, index) => {
    const month = monthAfter(current, index - monthsShown + 1);
    const start = monthStart(month);
    const next = monthStart(monthAfter(month));
    const end = next > now ? now : next;
    const atEnd = activeAt(end);
    const started = all.filter((s) => within(s.createdAt, start, end)).length;
    const cancelled = all.filter((s) => within(s.cancelledAt, start, end)).length;
    const exposed = activeAt(start).length + started;
    return {
      month,
      mrrCents: atEnd.reduce((sum, s) => sum + s.amountCents, 0),
      active: atEnd.length,
      started,
      cancelled,
      churnPercent: exposed === 0 ? null : Math.round((1000 * cancelled) / exposed) / 10,
    };
  });
  return { months };
}

/** The same months as CSV. */
export const recurringRevenueCsv = (report: RecurringRevenue): string =>
  csvLines([
    ['Month', 'MRR (R)', 'Active', 'Started', 'Cancelled', 'Churn (%)'],
    ...report.months.map((m) => [
      m.month,
      centsToDecimalString(m.mrrCents),
      String(m.active),
      String(m.started),
      String(m.cancelled),
      m.churnPercent === null ? '' : m.churnPercent.toFixed(1),
    ]),
  ]);
