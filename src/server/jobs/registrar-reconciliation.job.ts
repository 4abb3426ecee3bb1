import type { Db } from '#db/client.ts';
import type { Config } from '../config.ts';
import { ownerAddresses } from '../features/alerts/alerts.service.ts';
import { registrarReconciliationMail } from '../features/domains/domain-order-mails.ts';
import {
  hasDifferences,
  reconcileRegistrar,
} from '../features/domains/registrar-reconciliation.service.ts';
import { queueMail } from '../integrations/mail/outbox.ts';
import type { Registrar } from '../integrations/registrar/registrar.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

const dayMs = 86_400_000;
/** 00:30 UTC, 02:30 in South Africa: the quiet hours, after the day's registrations. */
const atMs = 30 * 60_000;

/** The next 00:30 UTC after `now`: every process that computes it agrees. */
export const nextReconciliation = (now: Date) => {
  const today = Math.floor(now.getTime() / dayMs) * dayMs + atMs;
  return new Date(today > now.getTime() ? today : today + dayMs);
};

/** Queues the next night's check, once per night however many processes ask. */
export const scheduleRegistrarReconciliation = (db: Db, now: Date) => {
  const next = nextReconciliation(now);
  return enqueueJob(
    db,
    'registrar-reconciliation',
    {},
    { key: `registrar-reconciliation:${next.toISOString()}`, runAt: next },
  );
};

/**
 * Every night: the registrar's list of our domains against our records; the owners get one mail
 * listing the differences, none when everything agrees. Each run queues the next first.
 */
export const registrarReconciliationJob =
  (deps: { registrar: Registrar; config: Config }): JobHandler<'registrar-reconciliation'> =>
  async (_payload, { db }) => {
    const now = new Date();
    await scheduleRegistrarReconciliation(db, now);
    const result = await reconcileRegistrar(db, deps.registrar, now);
    if (!hasDifferences(result)) return;
    await db.transaction(async (tx) => {
      for (const to of await ownerAddresses(tx)) {
        await queueMail(tx, { to, ...registrarReconciliationMail(deps.config, result) });
      }
    });
  };
