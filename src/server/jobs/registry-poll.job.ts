import type { Db } from '#db/client.ts';
import type { Config } from '../config.ts';
import type { EppTimeouts } from '../integrations/registrar/zacr/epp-session.ts';
import { drainPoll } from '../integrations/registrar/zacr/poll.ts';
import { zacrSession } from '../integrations/registrar/zacr/zacr-registrar.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

const stepMs = 15 * 60_000;

/** Queues the next read of ZACR's message queue (every 15 minutes) while ZACR is configured. */
export const scheduleRegistryPoll = async (db: Db, now: Date, config: Pick<Config, 'zacr'>) => {
  if (!config.zacr) return;
  const next = new Date(Math.floor(now.getTime() / stepMs) * stepMs + stepMs);
  await enqueueJob(
    db,
    'registry-poll',
    {},
    { key: `registry-poll:${next.toISOString()}`, runAt: next },
  );
};

/**
 * Reads and acknowledges ZACR's queued messages (transfers approved or rejected, pending updates
 * and deletions done), each logged with the registry's words. Our registrar steps ask the
 * registry for their state themselves (domain:info, transfer query); the queue is read so it
 * does not grow and its news is kept. A short session of its own: login, poll, logout.
 */
export const registryPollJob =
  (deps: { config: Pick<Config, 'zacr'>; timeouts?: EppTimeouts }): JobHandler<'registry-poll'> =>
  async (_payload, { db, log }) => {
    const zacr = deps.config.zacr;
    if (!zacr) return;
    await scheduleRegistryPoll(db, new Date(), deps.config);
    const session = zacrSession(zacr, { timeouts: deps.timeouts });
    try {
      for (const message of await drainPoll(session)) {
        log.info(
          {
            registry: 'zacr',
            messageId: message.id,
            queuedAt: message.date,
            domain: message.transfer?.name ?? message.pendingAction?.domain,
            transfer: message.transfer?.status,
            pendingActionSucceeded: message.pendingAction?.succeeded,
          },
          `ZACR: ${message.message}`,
        );
      }
    } finally {
      await session.close();
    }
  };
