import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema/index.ts';
import type { DunningDeps } from '../../src/server/features/dunning/dunning-cases.service.ts';
import { runDunningStep } from '../../src/server/features/dunning/dunning-steps.service.ts';

/**
 * The job queue at a time the test chooses: every dunning-step job due by `at` is run with `at`
 * as its clock, in order, and finished as the runner would. Answers the steps that did something.
 */
export async function runDueSteps(deps: DunningDeps & { db: Db }, at: Date): Promise<string[]> {
  const due = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'dunning-step'), eq(jobs.status, 'queued'), lte(jobs.runAt, at)))
    .orderBy(asc(jobs.runAt), asc(jobs.id));
  const done: string[] = [];
  for (const job of due) {
    const { caseId, step } = job.payload as { caseId: string; step: string };
    if ((await runDunningStep(deps, caseId, step, at)) === 'done') done.push(step);
    await deps.db.update(jobs).set({ status: 'done', finishedAt: at }).where(eq(jobs.id, job.id));
  }
  return done;
}
