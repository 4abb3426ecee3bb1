import { and, count, eq, isNotNull, like, min, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { domainOrders, registrarPrices, tlds, type ownerAlerts } from '#db/schema/index.ts';
import { formatDateTime } from '#shared/dates.ts';
import { centsToRand, formatPrice } from '#shared/money.ts';
import { credentialsRefused } from '../../integrations/registrar/registrar.ts';
import {
  activeJobs,
  givenUpSince,
  retryingJobs,
  succeededSince,
  type GivenUpJob,
} from '../../jobs/queue-stats.ts';
import type { DiskUsage } from './disk-usage.ts';

/**
 * What the owners are alerted to, and when. Each condition starts at one threshold and clears at
 * a lower one (or on proof that things work again), so a figure hovering at the line does not
 * send "alert, resolved, alert" every few minutes.
 */
export const alertRules = {
  /** How often the conditions are checked (the owner-alerts job). */
  checkEveryMinutes: 5,
  /** A condition still on after this long is announced again. */
  remindAfterHours: 24,
  /**
   * A job type keeps failing: this many of its jobs given up (every try failed) within the
   * window. Cleared once one of its jobs succeeds after the latest failure, or none failed
   * within the window. Mail has its own alert.
   */
  jobFailures: { count: 3, windowHours: 24 },
  /** The queue stalls: a job due this long and not run; cleared under `offMinutes`. */
  queueStall: { onMinutes: 15, offMinutes: 5 },
  /**
   * Mail cannot be delivered: one mail given up (5 tries over about 15 minutes), or this many
   * waiting to be tried again after a failure. Cleared once a mail goes out after the failures
   * (or none failed within a day) and none is waiting after a failure.
   */
  mailFailures: { retrying: 3, windowHours: 24 },
  /** The disk is nearly full: at least `onPercent` used; cleared under `offPercent`. */
  disk: { onPercent: 90, offPercent: 85 },
} as const;

export type AlertKind =
  | 'queue-stalled'
  | 'job-failing'
  | 'mail-failing'
  | 'disk-full'
  | 'registrar-credentials'
  | 'registrar-cost-rise'
  | 'registrar-ending-refused';
export type AlertRow = typeof ownerAlerts.$inferSelect;

export interface Reading {
  key: string;
  kind: AlertKind;
  /** on: the condition holds; off: it has cleared; hold: neither (between the thresholds). */
  state: 'on' | 'off' | 'hold';
  /** What was seen, in a sentence or two for the owners. */
  detail: string;
}

export interface DiskWatch {
  /** The folders whose filesystems are watched: DATA_DIR, and BACKUP_DIR when it is elsewhere. */
  paths: string[];
  usage: (path: string) => Promise<DiskUsage>;
}

interface Context {
  db: Db;
  now: Date;
  /** The alerts as the database has them, by key. */
  alerts: Map<string, AlertRow>;
  disk: DiskWatch;
}

const hourMs = 3_600_000;
const minutes = (seconds: number) => Math.floor(seconds / 60);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const lastError = (job: GivenUpJob | undefined) =>
  job?.error ? ` The latest failed with: ${job.error.slice(0, 300)}` : '';

/** Failures are counted from the end of the last episode, so a cleared alert needs new ones. */
const countFrom = (row: AlertRow | undefined, windowStart: Date) =>
  row?.resolvedAt && row.resolvedAt > windowStart ? row.resolvedAt : windowStart;

async function queueStalled({ db, now }: Context): Promise<Reading> {
  const rows = await activeJobs(db, now);
  const due = rows.reduce((sum, row) => sum + row.due, 0);
  const oldest = rows.reduce<(typeof rows)[number] | null>(
    (worst, row) => ((row.oldestDueSeconds ?? -1) > (worst?.oldestDueSeconds ?? -1) ? row : worst),
    null,
  );
  const waited = oldest?.oldestDueSeconds ?? 0;
  const { onMinutes, offMinutes } = alertRules.queueStall;
  return {
    key: 'queue-stalled',
    kind: 'queue-stalled',
    state: waited >= onMinutes * 60 ? 'on' : waited < offMinutes * 60 ? 'off' : 'hold',
    detail:
      due > 0 && oldest
        ? `${plural(due, 'job is', 'jobs are')} due and not run; the oldest (${oldest.name}) has waited ${plural(minutes(waited), 'minute')}.`
        : 'No job is waiting past its time.',
  };
}

async function failingJobs({ db, now, alerts }: Context): Promise<Reading[]> {
  const { count, windowHours } = alertRules.jobFailures;
  const windowStart = new Date(now.getTime() - windowHours * hourMs);
  const failures = (await givenUpSince(db, windowStart)).filter((job) => job.name !== 'send-mail');
  const names = new Set(failures.map((job) => job.name));
  for (const row of alerts.values()) {
    if (row.active && row.key.startsWith('job-failing:')) names.add(row.key.slice(12));
  }
  const readings: Reading[] = [];
  for (const name of names) {
    const key = `job-failing:${name}`;
    const row = alerts.get(key);
    const ofType = failures.filter((job) => job.name === name);
    const since = countFrom(row, windowStart);
    const counted = ofType.filter((job) => job.at > since);
    const latest = ofType[0];
    // An open episode lasts while the failures do: until a job of the type succeeds after the
    // latest one, or none is left in the window.
    const state: Reading['state'] = row?.active
      ? !latest || (await succeededSince(db, name, latest.at))
        ? 'off'
        : 'on'
      : counted.length >= count
        ? 'on'
        : 'hold';
    readings.push({
      key,
      kind: 'job-failing',
      state,
      detail: latest
        ? `${plural(ofType.length, `${name} job was`, `${name} jobs were`)} given up in the last ${windowHours} hours, after every try failed.${lastError(latest)}`
        : `No ${name} job has failed in the last ${windowHours} hours.`,
    });
  }
  return readings;
}

async function mailFailing({ db, now, alerts }: Context): Promise<Reading> {
  const { retrying: retryingLimit, windowHours } = alertRules.mailFailures;
  const windowStart = new Date(now.getTime() - windowHours * hourMs);
  const row = alerts.get('mail-failing');
  const [givenUp, retrying] = await Promise.all([
    givenUpSince(db, windowStart).then((jobs) => jobs.filter((job) => job.name === 'send-mail')),
    retryingJobs(db, 'send-mail'),
  ]);
  const since = countFrom(row, windowStart);
  const newlyGivenUp = givenUp.filter((job) => job.at > since);
  const latest = givenUp[0];
  let state: Reading['state'] =
    newlyGivenUp.length > 0 || retrying >= retryingLimit ? 'on' : 'hold';
  if (row?.active) {
    const delivered = !latest || (await succeededSince(db, 'send-mail', latest.at));
    state = retrying === 0 && delivered ? 'off' : 'on';
  }
  const parts = [
    givenUp.length > 0
      ? `${plural(givenUp.length, 'mail was', 'mails were')} given up in the last ${windowHours} hours after every try failed.`
      : '',
    retrying > 0
      ? `${plural(retrying, 'mail is', 'mails are')} waiting to be tried again after failing.`
      : '',
  ].filter(Boolean);
  return {
    key: 'mail-failing',
    kind: 'mail-failing',
    state,
    detail:
      parts.length > 0
        ? `${parts.join(' ')}${lastError(latest)}`
        : 'Every mail recently sent went out.',
  };
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

async function diskFull({ alerts, disk }: Context): Promise<Reading[]> {
  const { onPercent, offPercent } = alertRules.disk;
  const readings: Reading[] = [];
  for (const path of disk.paths) {
    const usage = await disk.usage(path).catch(() => null);
    // A folder not made yet (no backup taken) has nothing to say.
    if (!usage) continue;
    const percent = Math.round(usage.usedPercent);
    readings.push({
      key: `disk-full:${path}`,
      kind: 'disk-full',
      state:
        usage.usedPercent >= onPercent ? 'on' : usage.usedPercent < offPercent ? 'off' : 'hold',
      detail: `The disk holding ${path} is ${percent}% full (${gigabytes(usage.freeBytes)} free).`,
    });
  }
  // A folder no longer watched (its setting changed) ends its alert.
  for (const row of alerts.values()) {
    if (row.active && row.key.startsWith('disk-full:')) {
      const path = row.key.slice(10);
      if (!disk.paths.includes(path)) {
        readings.push({
          key: row.key,
          kind: 'disk-full',
          state: 'off',
          detail: `${path} is no longer watched.`,
        });
      }
    }
  }
  return readings;
}

/**
 * The registrar refuses our credentials (a revoked token): paid domain orders wait, unrefunded,
 * their jobs coming back with back-off. On while any order's last try was refused so; off once
 * none is (its next try got through).
 */
async function registrarCredentials({ db }: Context): Promise<Reading> {
  const [row] = await db
    .select({ waiting: count(), since: min(domainOrders.updatedAt) })
    .from(domainOrders)
    .where(
      and(
        eq(domainOrders.status, 'registering'),
        like(domainOrders.lastError, `%${credentialsRefused}%`),
      ),
    );
  const waiting = row?.waiting ?? 0;
  return {
    key: 'registrar-credentials',
    kind: 'registrar-credentials',
    state: waiting > 0 ? 'on' : 'off',
    detail:
      waiting > 0
        ? `The domain registrar refuses our API credentials: ${plural(waiting, 'paid domain order is', 'paid domain orders are')} waiting (none is refunded or failed for it).`
        : 'The domain registrar accepts our credentials again.',
  };
}

/**
 * The registrar now charges more for an ending than our price covers (its no-loss floor, after
 * VAT and the card fee), as its last price check found: those sales are stopped until an owner
 * raises the ending's cost in the catalogue. Off once no ending is so (the next check after).
 */
async function registrarCostRise({ db }: Context): Promise<Reading> {
  const rows = await db
    .select({
      tld: registrarPrices.tld,
      losing: registrarPrices.losing,
      cents: registrarPrices.registrationCostCents,
      currency: registrarPrices.currency,
      checkedAt: registrarPrices.checkedAt,
    })
    .from(registrarPrices)
    .innerJoin(tlds, eq(tlds.tld, registrarPrices.tld))
    .where(and(eq(tlds.enabled, true), sql`jsonb_array_length(${registrarPrices.losing}) > 0`))
    .orderBy(registrarPrices.tld);
  return {
    key: 'registrar-cost-rise',
    kind: 'registrar-cost-rise',
    state: rows.length > 0 ? 'on' : 'off',
    detail:
      rows.length > 0
        ? `The registrar's price check of ${formatDateTime(rows[0]!.checkedAt)} found costs above what our prices cover: ${rows
            .map(
              (row) =>
                `.${row.tld} (${row.losing.join(', ')}; registration now ${formatPrice(centsToRand(row.cents), row.currency)} a year)`,
            )
            .join('; ')}. Those sales are stopped; nothing is sold at a loss.`
        : "Every ending's price covers what the registrar charges again.",
  };
}

/**
 * A registrar refused to price an ending routed to it (DNSimple does not sell `.co.za`, say): the
 * ending is off sale until it prices it again or an owner routes it to another registrar.
 */
async function registrarEndingRefused({ db }: Context): Promise<Reading> {
  const rows = await db
    .select({ tld: tlds.tld, refusal: tlds.refusal })
    .from(tlds)
    .where(and(eq(tlds.enabled, true), isNotNull(tlds.refusal)))
    .orderBy(tlds.tld);
  return {
    key: 'registrar-ending-refused',
    kind: 'registrar-ending-refused',
    state: rows.length > 0 ? 'on' : 'off',
    detail:
      rows.length > 0
        ? `Off sale because its registrar refuses it: ${rows
            .map((row) => `.${row.tld} (${row.refusal})`)
            .join('; ')}.`
        : 'Every ending on sale is accepted by its registrar again.',
  };
}

/** Every condition as it stands at `now`. */
export async function readConditions(context: Context): Promise<Reading[]> {
  const [queue, jobs, mail, disks, credentials, costs, refused] = await Promise.all([
    queueStalled(context),
    failingJobs(context),
    mailFailing(context),
    diskFull(context),
    registrarCredentials(context),
    registrarCostRise(context),
    registrarEndingRefused(context),
  ]);
  return [queue, ...jobs, mail, ...disks, credentials, costs, refused];
}
