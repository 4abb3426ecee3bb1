import { dirname } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '#db/client.ts';
import { admins, ownerAlerts } from '#db/schema/index.ts';
import type { Config } from '../../config.ts';
import { renderMail } from '../../integrations/mail/mail-template.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  alertRules,
  readConditions,
  type AlertRow,
  type DiskWatch,
  type Reading,
} from './alert-conditions.ts';
import { alertMail, alertTitles, type AlertPhase } from './alert-mails.ts';
import { diskUsage } from './disk-usage.ts';

type AlertsConfig = Pick<Config, 'site' | 'publicUrl' | 'dataDir' | 'backups'>;

export interface AlertStep {
  key: string;
  phase: AlertPhase;
  /** Owners the step was mailed to (none while mail itself fails, or with no owner). */
  mailedTo: string[];
}

/**
 * DATA_DIR's filesystem (config.dataDir is its `db` folder) and BACKUP_DIR's; none for a
 * database kept in memory (tests).
 */
export function watchedDisks(config: AlertsConfig): DiskWatch {
  const paths = new Set<string>();
  if (!config.dataDir.startsWith('memory://')) paths.add(dirname(config.dataDir));
  if (config.backups.dir) paths.add(config.backups.dir);
  return { paths: [...paths], usage: diskUsage };
}

/** The active owners: the administrators who run the business, and so hear of its alerts. */
export async function ownerAddresses(tx: Db | Tx): Promise<string[]> {
  const rows = await tx
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt)))
    .orderBy(admins.email);
  return rows.map((row) => row.email);
}

/** Which step a reading calls for, given the alert as stored: none most of the time. */
function stepFor(reading: Reading, row: AlertRow | undefined, now: Date): AlertPhase | null {
  if (reading.state === 'on') {
    if (!row?.active) return 'started';
    const remindAt = row.noticedAt.getTime() + alertRules.remindAfterHours * 3_600_000;
    return now.getTime() >= remindAt ? 'reminder' : null;
  }
  if (reading.state === 'off' && row?.active) return 'resolved';
  return null;
}

/**
 * Moves one alert to its next step, only if it is still where this check saw it (another
 * process may have moved it meanwhile): the compare-and-set is what makes each step happen once.
 * Returns whether this check took the step.
 */
async function takeStep(
  tx: Tx,
  phase: AlertPhase,
  reading: Reading,
  row: AlertRow | undefined,
  now: Date,
  mailed: boolean,
): Promise<boolean> {
  if (phase === 'started') {
    const fresh = {
      key: reading.key,
      active: true,
      detail: reading.detail,
      startedAt: now,
      noticedAt: now,
      notices: 1,
      mailed,
      resolvedAt: null,
    };
    const taken = await tx
      .insert(ownerAlerts)
      .values(fresh)
      .onConflictDoUpdate({
        target: ownerAlerts.key,
        set: fresh,
        setWhere: eq(ownerAlerts.active, false),
      })
      .returning({ key: ownerAlerts.key });
    return taken.length > 0;
  }
  const taken = await tx
    .update(ownerAlerts)
    .set(
      phase === 'reminder'
        ? {
            detail: reading.detail,
            noticedAt: now,
            notices: sql`${ownerAlerts.notices} + 1`,
            mailed: sql`${ownerAlerts.mailed} or ${mailed}`,
          }
        : { active: false, detail: reading.detail, resolvedAt: now },
    )
    .where(
      and(
        eq(ownerAlerts.key, reading.key),
        eq(ownerAlerts.active, true),
        phase === 'reminder' ? eq(ownerAlerts.noticedAt, row!.noticedAt) : undefined,
      ),
    )
    .returning({ key: ownerAlerts.key });
  return taken.length > 0;
}

/**
 * Checks every condition the owners are alerted to (alert-conditions.ts) and takes the steps
 * they call for: a mail to every active owner when one starts, a reminder while it lasts, one
 * more when it clears. Each step is one transaction with its mails (the outbox), so it is
 * mailed exactly when it is recorded. Every step is logged too, at error level while a condition
 * holds: while mail itself fails, the log (and the stored alert) is all there can be, and its
 * "resolved" mail tells the owners afterwards.
 */
export async function checkOwnerAlerts(options: {
  db: Db;
  config: AlertsConfig;
  log: FastifyBaseLogger;
  now: Date;
  disk?: DiskWatch;
}): Promise<AlertStep[]> {
  const { db, config, log, now } = options;
  const rows = await db.select().from(ownerAlerts);
  const alerts = new Map(rows.map((row) => [row.key, row]));
  const readings = await readConditions({
    db,
    now,
    alerts,
    disk: options.disk ?? watchedDisks(config),
  });
  const steps: AlertStep[] = [];
  for (const reading of readings) {
    const row = alerts.get(reading.key);
    const phase = stepFor(reading, row, now);
    if (!phase) continue;
    const step = await db.transaction(async (tx) => {
      // Mail about mail failing would only fail too (and add to the failures): it waits for the
      // "resolved" mail.
      const mailable = phase === 'resolved' || reading.kind !== 'mail-failing';
      const owners = mailable ? await ownerAddresses(tx) : [];
      if (!(await takeStep(tx, phase, reading, row, now, owners.length > 0))) return null;
      const facts = { ...reading, startedAt: phase === 'started' ? now : row!.startedAt };
      const mail = renderMail(config, alertMail(config, facts, phase, now));
      for (const to of owners) await queueMail(tx, { to, ...mail });
      return { key: reading.key, phase, mailedTo: owners };
    });
    if (!step) continue;
    steps.push(step);
    logStep(log, reading, step);
  }
  return steps;
}

function logStep(log: FastifyBaseLogger, reading: Reading, step: AlertStep): void {
  const titles = alertTitles(reading);
  const told =
    step.mailedTo.length > 0
      ? `mailed to ${step.mailedTo.length} owner(s)`
      : reading.kind === 'mail-failing' && step.phase !== 'resolved'
        ? 'NOT mailed: mail itself is failing (the owners are told when it clears)'
        : 'NOT mailed: there is no active owner';
  const line = { alert: step.key, phase: step.phase, detail: reading.detail };
  if (step.phase === 'resolved') log.warn(line, `Owner alert resolved: ${titles.off} (${told})`);
  else log.error(line, `OWNER ALERT (${step.phase}): ${titles.on}. ${reading.detail} (${told})`);
}
