import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  complianceCompanies,
  complianceItemEvents,
  complianceOwnershipChanges,
  compliancePlans,
  users,
} from '#db/schema/index.ts';
import { complianceItems } from '#shared/compliance-calendar.ts';
import type {
  ComplianceCalendar,
  ComplianceCompany,
  ComplianceCompanyFacts,
} from '#shared/compliance.schemas.ts';
import { formatDate, saToday } from '#shared/dates.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { complianceReminderMail } from './compliance-mails.ts';

type CompanyRow = typeof complianceCompanies.$inferSelect;

const dayMs = 86_400_000;
/** The day `days` after `date` (YYYY-MM-DD; negative goes back). */
export const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * dayMs).toISOString().slice(0, 10);

/** The calendar shows what fell due in the last 60 days (still open, or done) and the next year. */
const calendarWindow = (today: string) => ({
  from: shiftDays(today, -60),
  to: shiftDays(today, 365),
});

/** Reminders go this many days before a due date, each once (the 7-day one alone when later). */
export const reminderDays = [30, 7] as const;

/** How many of the soonest open items the dashboard panel lists. */
const nextCount = 5;

const notFound = () =>
  new AppError('NOT_FOUND', { message: 'That company is not on your calendar' });

async function ownCompany(db: Db, userId: string, id: string): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(complianceCompanies)
    .where(and(eq(complianceCompanies.id, id), eq(complianceCompanies.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** The companies' items in `from`–`to`, with what was marked done. */
async function withItems(
  db: Db,
  rows: CompanyRow[],
  from: string,
  to: string,
): Promise<{ row: CompanyRow; company: ComplianceCompany }[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [changes, events, plans] = await Promise.all([
    db
      .select()
      .from(complianceOwnershipChanges)
      .where(inArray(complianceOwnershipChanges.companyId, ids)),
    db.select().from(complianceItemEvents).where(inArray(complianceItemEvents.companyId, ids)),
    db.select().from(compliancePlans).where(inArray(compliancePlans.companyId, ids)),
  ]);
  return rows.map((row) => {
    const done = new Set(
      events.filter((e) => e.companyId === row.id && e.kind === 'done').map((e) => e.itemKey),
    );
    const items = complianceItems(
      { ...row, ownershipChanges: changes.filter((change) => change.companyId === row.id) },
      from,
      to,
    ).map((item) => ({ ...item, done: done.has(item.key) }));
    const plan = plans.find((p) => p.companyId === row.id);
    return {
      row,
      company: {
        id: row.id,
        name: row.name,
        registrationNumber: row.registrationNumber,
        registeredOn: row.registeredOn,
        yearEndMonth: row.yearEndMonth,
        vatCategory: row.vatCategory,
        bbbeeAffidavitOn: row.bbbeeAffidavitOn,
        items,
        care: plan
          ? { status: plan.status, coveredUntil: plan.coveredUntil, autoRenew: plan.autoRenew }
          : null,
      },
    };
  });
}

/** The items of these companies dated `from`–`to`, with what was marked done, by company. */
export async function complianceDates(
  db: Db,
  rows: CompanyRow[],
  from: string,
  to: string,
): Promise<Map<string, ComplianceCompany['items']>> {
  const dated = await withItems(db, rows, from, to);
  return new Map(dated.map(({ row, company }) => [row.id, company.items]));
}

/**
 * The customer's companies and their items, and the soonest open ones for the dashboard (those
 * overdue first: they are the most urgent).
 */
export async function complianceCalendar(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<ComplianceCalendar> {
  const { from, to } = calendarWindow(saToday(now));
  const rows = await db
    .select()
    .from(complianceCompanies)
    .where(eq(complianceCompanies.userId, userId))
    .orderBy(asc(complianceCompanies.createdAt));
  const companies = (await withItems(db, rows, from, to)).map(({ company }) => company);
  const next = companies
    .flatMap((company) =>
      company.items
        .filter((item) => !item.done)
        .map((item) => ({ ...item, companyId: company.id, companyName: company.name })),
    )
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn))
    .slice(0, nextCount);
  return { companies, next };
}

async function insertCompany(
  db: Db | Tx,
  userId: string,
  facts: ComplianceCompanyFacts,
  source: CompanyRow['source'],
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .insert(complianceCompanies)
    .values({ userId, source, ...facts })
    .onConflictDoNothing({
      target: [complianceCompanies.userId, complianceCompanies.registrationNumber],
    })
    .returning();
  return row;
}

/** A company the customer adds by its registration number; a number already there answers 409. */
export async function addCompany(
  db: Db,
  userId: string,
  facts: ComplianceCompanyFacts,
  now = new Date(),
): Promise<ComplianceCalendar> {
  if (facts.registeredOn > saToday(now))
    throw new AppError('VALIDATION_ERROR', { message: 'The registration date is in the future' });
  const row = await insertCompany(db, userId, facts, 'customer');
  if (!row) throw new AppError('CONFLICT', { message: 'That company is on your calendar already' });
  return complianceCalendar(db, userId, now);
}

/**
 * The hook for our registration service: once CIPC has registered a company for a customer, its
 * case calls this with the certificate's facts, and the company's calendar starts. Calling it
 * again for the same number changes nothing.
 */
export async function followRegisteredCompany(
  db: Db | Tx,
  company: { userId: string; name: string; registrationNumber: string; registeredOn: string },
): Promise<void> {
  const { userId, ...facts } = company;
  await insertCompany(
    db,
    userId,
    { ...facts, yearEndMonth: 2, vatCategory: null, bbbeeAffidavitOn: null },
    'registration',
  );
}

/**
 * Takes a company off the calendar; not while compliance care covers it (a paid year would go
 * with it): the customer switches renewal off and removes it once that year has ended.
 */
export async function removeCompany(
  db: Db,
  userId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  await ownCompany(db, userId, id);
  const [plan] = await db.select().from(compliancePlans).where(eq(compliancePlans.companyId, id));
  if (plan && plan.coveredUntil > saToday(now) && ['active', 'suspended'].includes(plan.status))
    throw new AppError('CONFLICT', {
      message: `This company is under compliance care until ${formatDate(plan.coveredUntil)}: switch renewal off, and remove it once that year has ended`,
    });
  await db.delete(complianceCompanies).where(eq(complianceCompanies.id, id));
}

/** A change of directors or shareholding: its beneficial-ownership update joins the calendar. */
export async function recordOwnershipChange(
  db: Db,
  userId: string,
  id: string,
  change: { changedOn: string; note: string },
  now = new Date(),
): Promise<ComplianceCalendar> {
  await ownCompany(db, userId, id);
  if (change.changedOn > saToday(now))
    throw new AppError('VALIDATION_ERROR', { message: 'The change is dated in the future' });
  await db.insert(complianceOwnershipChanges).values({ companyId: id, ...change });
  return complianceCalendar(db, userId, now);
}

/** Marks an item of the calendar done, or open again; a key not on the calendar answers 404. */
export async function markItem(
  db: Db,
  userId: string,
  id: string,
  key: string,
  done: boolean,
  now = new Date(),
): Promise<ComplianceCalendar> {
  const row = await ownCompany(db, userId, id);
  const { from, to } = calendarWindow(saToday(now));
  const [found] = await withItems(db, [row], from, to);
  if (!found?.company.items.some((item) => item.key === key))
    throw new AppError('NOT_FOUND', { message: 'That item is not on the calendar' });
  if (done)
    await db
      .insert(complianceItemEvents)
      .values({ companyId: id, itemKey: key, kind: 'done' })
      .onConflictDoNothing();
  else
    await db
      .delete(complianceItemEvents)
      .where(
        and(
          eq(complianceItemEvents.companyId, id),
          eq(complianceItemEvents.itemKey, key),
          eq(complianceItemEvents.kind, 'done'),
        ),
      );
  return complianceCalendar(db, userId, now);
}

/**
 * Mails each open item's reminders that are due by `now`: 30 days before, then 7. Each goes once
 * (a unique event per item and kind, written with its mail in one transaction); an item first
 * seen within 7 days gets only the 7-day one. Returns how many were queued.
 */
export async function sendDueReminders(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  now = new Date(),
): Promise<number> {
  const today = saToday(now);
  const rows = await db
    .select({ company: complianceCompanies, email: users.email, fullName: users.fullName })
    .from(complianceCompanies)
    .innerJoin(users, eq(users.id, complianceCompanies.userId))
    .where(isNull(users.deletedAt));
  const customers = new Map(rows.map((r) => [r.company.id, r]));
  const dated = await withItems(
    db,
    rows.map((r) => r.company),
    today,
    shiftDays(today, reminderDays[0]),
  );
  let queued = 0;
  for (const { row, company } of dated) {
    const customer = customers.get(row.id)!;
    for (const item of company.items) {
      if (item.done) continue;
      const daysLeft = Math.round((Date.parse(item.dueOn) - Date.parse(today)) / dayMs);
      const daysBefore = reminderDays.findLast((days) => daysLeft <= days);
      if (daysBefore === undefined) continue;
      const sent = await db.transaction(async (tx) => {
        const [event] = await tx
          .insert(complianceItemEvents)
          .values({ companyId: row.id, itemKey: item.key, kind: `reminder-${daysBefore}` })
          .onConflictDoNothing()
          .returning({ id: complianceItemEvents.id });
        if (!event) return false;
        await queueMail(tx, {
          to: customer.email,
          userId: row.userId,
          ...complianceReminderMail(config, {
            customerName: customer.fullName,
            companyName: row.name,
            title: item.title,
            dueOn: item.dueOn,
            rule: item.rule,
            daysBefore: daysLeft,
          }),
        });
        return true;
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}
