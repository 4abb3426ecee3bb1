import type { SpeedReportsConfig } from '../config.ts';
import {
  failSpeedReport,
  runSpeedReport,
} from '../features/speed-reports/speed-report-runs.service.ts';
import type { JobHandler } from './runner.ts';

/**
 * Measures one website speed report (Lighthouse in a child process, hard cut at the deadline).
 * A try that throws (the database away) is retried once; after the last one the report is
 * marked failed, never left running.
 */
export const speedReportJob =
  (config: SpeedReportsConfig): JobHandler<'speed-report'> =>
  async ({ reportId }, { db, log, lastAttempt }) => {
    try {
      await runSpeedReport({ db, config, log }, reportId);
    } catch (error) {
      if (lastAttempt) {
        await failSpeedReport(db, reportId, 'The measurement failed. Please try again.').catch(
          () => {},
        );
      }
      throw error;
    }
  };
