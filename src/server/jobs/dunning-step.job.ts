import type { DunningDeps } from '../features/dunning/dunning-cases.service.ts';
import { runDunningStep } from '../features/dunning/dunning-steps.service.ts';
import type { JobHandler } from './runner.ts';

/** One step of a dunning case at its time: a reminder, the final notice, suspension, cancellation. */
export const dunningStepJob =
  (deps: DunningDeps): JobHandler<'dunning-step'> =>
  async ({ caseId, step }, { db, log }) => {
    const outcome = await runDunningStep({ ...deps, db }, caseId, step);
    // Claimed a moment early (the database's clock ahead of this one): tried again shortly.
    if (outcome === 'not-due') throw new Error(`dunning step ${step} is not due yet`);
    if (outcome === 'done') log.info({ caseId, step }, 'dunning step done');
  };
