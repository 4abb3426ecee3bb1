import { and, eq, lte, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { jobs } from '../../src/db/schema/index.ts';
import type { AppInstance } from '../../src/server/app-instance.ts';

const dayMs = 86_400_000;

/**
 * A clock the test moves: the app's `Date` reads the chosen moment (real timers keep running, so
 * network and database calls behave as usual), and every queued job due by then runs as the
 * runner would run it then. The database's own `now()` is not moved: rows it stamps (invoice
 * and payment times) carry the real moment the test ran.
 */
export function controlledClock(app: AppInstance, start = new Date()) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: start });
  let now = start;
  return {
    get now() {
      return now;
    },
    day: (n: number) => new Date(start.getTime() + n * dayMs),
    /** Moves the clock to `at` (never back), running no job yet. */
    set(at: Date): void {
      if (at.getTime() < now.getTime()) throw new RangeError('The clock only moves forward');
      now = at;
      vi.setSystemTime(at);
    },
    /** Moves the clock to `at` and runs every job due by then, and what they queue. */
    async moveTo(at: Date): Promise<void> {
      this.set(at);
      for (let round = 0; round < 500; round++) {
        const due = await app.database.db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, at)))
          .returning({ id: jobs.id });
        await app.jobs.drain();
        // A job the app's own runner took (woken by the commit that queued it) may still run.
        const [running] = await app.database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(eq(jobs.status, 'running'))
          .limit(1);
        if (due.length === 0 && !running) return;
        if (running) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('Jobs kept queueing jobs due at once, or one never finished');
    },
    stop: () => vi.useRealTimers(),
  };
}
