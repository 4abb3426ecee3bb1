import type { Db } from '#db/client.ts';
import type { Config } from '../config.ts';
import {
  refreshRegistrarPrices,
  registrarPricesEveryHours,
} from '../features/domains/registrar-prices.service.ts';
import type { Registrar } from '../integrations/registrar/registrar.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

const stepMs = registrarPricesEveryHours * 3_600_000;

/** The next whole 6 hours (UTC) after `now`: every process that computes it agrees. */
const nextPricesCheck = (now: Date) =>
  new Date(Math.floor(now.getTime() / stepMs) * stepMs + stepMs);

/** Queues the next check of the registrar's prices, once per slot however many processes ask. */
export const scheduleRegistrarPrices = (db: Db, now: Date) => {
  const next = nextPricesCheck(now);
  return enqueueJob(
    db,
    'registrar-prices',
    {},
    { key: `registrar-prices:${next.toISOString()}`, runAt: next },
  );
};

/**
 * Asks the registrar for its prices per ending every 6 hours: there is no cron, each run queues
 * the next first (a failing run leaves the chain going) and a start queues one.
 */
export const registrarPricesJob =
  (deps: { registrar: Registrar; config: Config }): JobHandler<'registrar-prices'> =>
  async (_payload, { db, log }) => {
    const now = new Date();
    await scheduleRegistrarPrices(db, now);
    await refreshRegistrarPrices(
      {
        db,
        registrar: deps.registrar,
        usdZarRate: deps.config.usdZarRate,
        vatRegistered: deps.config.supplier.vatNumber !== undefined,
      },
      log,
      now,
    );
  };
