import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { jobs } from '#db/schema/index.ts';
import { freshDatabase } from '../../../tests/helpers/test-app.ts';
import { jobNames } from './job-types.ts';
import { enqueueJob } from './queue.ts';
import { startJobRunner, type JobHandler, type JobHandlers, type JobRunner } from './runner.ts';

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

let database: Database;
let drop: () => Promise<void>;
const runners: JobRunner[] = [];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.close()));
  await database.close();
  await drop();
});

async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('job lanes', () => {
  it('runs mail while a speed report holds the browser lane, and runs reports one at a time', async () => {
    const unexpected: JobHandler<never> = async () => {
      throw new Error('not part of this test');
    };
    const handlers = Object.fromEntries(jobNames.map((name) => [name, unexpected])) as JobHandlers;
    const sent: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    handlers['send-mail'] = async ({ mailId }) => void sent.push(mailId);
    handlers['speed-report'] = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await held;
      running -= 1;
    };
    for (const lane of ['main', 'browser'] as const) {
      runners.push(await startJobRunner({ database, handlers, log: silent, lane, concurrency: 1 }));
    }

    await enqueueJob(database.db, 'speed-report', { reportId: crypto.randomUUID() });
    await enqueueJob(database.db, 'speed-report', { reportId: crypto.randomUUID() });
    await eventually(() => running === 1);
    const mail = crypto.randomUUID();
    await enqueueJob(database.db, 'send-mail', { mailId: mail });
    // The mail goes out while the first report is still measuring.
    await eventually(() => sent.includes(mail));
    expect(running).toBe(1);
    const statuses = async () =>
      (await database.db.select().from(jobs))
        .filter((row) => row.name === 'speed-report')
        .map((row) => row.status)
        .sort();
    // Only the report being measured is claimed; the next one waits in the queue, unleased.
    expect(await statuses()).toEqual(['queued', 'running']);

    release();
    await eventually(async () => (await statuses()).every((status) => status === 'done'));
    expect(mostAtOnce).toBe(1);
  });
});
