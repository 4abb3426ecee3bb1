import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SpeedRun } from '#shared/speed-reports.schemas.ts';
import type { BlockedRequest } from './guard-proxy.ts';

export type FormFactor = 'mobile' | 'desktop';

/** What the worker is asked to do. */
export interface WorkerTask {
  url: string;
  formFactors: FormFactor[];
  chromePath: string;
  allowHosts: string[];
  /** Lighthouse stops waiting for the page to load after this long and measures what it has. */
  maxWaitForLoadMs: number;
  /** The parent's hard cut; the worker ends itself a little after it, whatever happens. */
  deadlineMs: number;
}

export type WorkerMessage =
  | { type: 'chrome'; pid: number }
  | {
      type: 'run';
      formFactor: FormFactor;
      run: SpeedRun;
      incomplete: boolean;
      screenshot: string | null;
      blocked: BlockedRequest[];
    }
  | { type: 'done'; blocked: BlockedRequest[] }
  | { type: 'error'; message: string; blocked: BlockedRequest[] };

export interface LighthouseOutcome {
  runs: Partial<Record<FormFactor, SpeedRun>>;
  screenshot: string | null;
  /** Cut at the deadline, a run incomplete, or a form factor missing. */
  partial: boolean;
  /** Why nothing (or not everything) was measured, in words for the visitor. */
  error: string | null;
  blocked: BlockedRequest[];
  timedOut: boolean;
}

export interface RunOptions {
  url: string;
  formFactors: FormFactor[];
  chromePath: string;
  allowHosts: string[];
  /** The hard cut: at this many ms from the start the worker and its Chromium are killed. */
  deadlineMs: number;
}

const workerPath = fileURLToPath(new URL('./lighthouse-worker.ts', import.meta.url));

/**
 * Lighthouse's own wait for the page: about a third of the budget (21 s of 60), between 3 and 45
 * seconds. After it Lighthouse measures what loaded; on a page that never finishes, gathering
 * can take another 20–30 s (its CSS coverage waits for the document), so this leaves room for a
 * partial result within the cut.
 */
export const loadWaitFor = (deadlineMs: number): number =>
  Math.round(Math.min(45_000, Math.max(3_000, deadlineMs * 0.35)));

const killGroup = (pid: number | undefined) => {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
};

/**
 * Measures a page with Lighthouse in a child process, with a hard deadline: at `deadlineMs` the
 * worker and its Chromium are killed and what was measured so far is returned, marked partial.
 * Never rejects: a crash is an outcome with an error.
 */
export function runLighthouse(options: RunOptions): Promise<LighthouseOutcome> {
  const outcome: LighthouseOutcome = {
    runs: {},
    screenshot: null,
    partial: false,
    error: null,
    blocked: [],
    timedOut: false,
  };
  return new Promise((resolve) => {
    let chromePid: number | undefined;
    let settled = false;
    const child = fork(workerPath, [], {
      execPath: process.execPath,
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      detached: true,
      serialization: 'advanced',
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });

    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup(chromePid);
      if (child.exitCode === null) killGroup(child.pid);
      const measured = options.formFactors.filter((factor) => outcome.runs[factor]);
      if (measured.length < options.formFactors.length) outcome.partial = true;
      if (!outcome.error && measured.length === 0) {
        outcome.error = outcome.timedOut
          ? `The page did not finish loading within ${Math.round(options.deadlineMs / 1000)} seconds.`
          : 'The measurement stopped unexpectedly.';
      }
      resolve(outcome);
    };

    const timer = setTimeout(() => {
      outcome.timedOut = true;
      outcome.partial = true;
      finish();
    }, options.deadlineMs);

    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'chrome') chromePid = message.pid;
      else if (message.type === 'run') {
        outcome.runs[message.formFactor] = message.run;
        if (message.incomplete) outcome.partial = true;
        outcome.screenshot ??= message.screenshot;
        outcome.blocked = message.blocked;
      } else if (message.type === 'done') {
        outcome.blocked = message.blocked;
        finish();
      } else {
        outcome.blocked = message.blocked;
        outcome.error = explainFailure(message.message, message.blocked);
        outcome.partial = Object.keys(outcome.runs).length > 0;
        finish();
      }
    });
    child.on('exit', (code) => {
      if (settled) return;
      if (!outcome.error) {
        outcome.error = 'The measurement stopped unexpectedly.';
        if (stderr) outcome.error += ` (${stderr.trim().split('\n').at(-1)?.slice(0, 200)})`;
        if (code !== 0) outcome.partial = true;
      }
      finish();
    });
    child.on('error', (error) => {
      outcome.error = `The measurement could not start: ${error.message}`;
      finish();
    });
    child.send({
      url: options.url,
      formFactors: options.formFactors,
      chromePath: options.chromePath,
      allowHosts: options.allowHosts,
      maxWaitForLoadMs: loadWaitFor(options.deadlineMs),
      deadlineMs: options.deadlineMs,
    } satisfies WorkerTask);
  });
}

/** Lighthouse's failure in words for the visitor. */
function explainFailure(message: string, blocked: BlockedRequest[]): string {
  const first = blocked[0];
  if (first) return `The page led to ${first.host}, which ${first.reason}.`;
  if (/ERR_NAME_NOT_RESOLVED|DNS/i.test(message)) return 'The address could not be found.';
  if (/ERR_CONNECTION_REFUSED|ERR_CONNECTION/i.test(message))
    return 'The website did not accept a connection.';
  if (/NO_FCP/i.test(message)) return 'The page did not show any content.';
  return `The page could not be measured: ${message.slice(0, 300)}`;
}
