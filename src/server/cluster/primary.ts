import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { answerMetricsRequests } from '../features/metrics/cluster-metrics.ts';

/** Where the primary's lines go: the workers' pretty printer in development (`logOutput`). */
let output: Writable | undefined;

/** One JSON line, as the workers' logger writes them, so one log reader reads both. */
function log(level: 'info' | 'warn' | 'error', msg: string, extra: object = {}): void {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = { level: levels[level], time: Date.now(), pid: process.pid, ...extra, msg };
  (output ?? (level === 'info' ? process.stdout : process.stderr)).write(
    `${JSON.stringify(line)}\n`,
  );
}

/** How long a stopping worker may take to finish its requests (its own limit is 10 s). */
const stopGraceMs = 15_000;
/** A worker that dies sooner than this after starting is crashing: it is restarted ever slower. */
const crashWindowMs = 10_000;

/**
 * The primary process of `WEB_CONCURRENCY` workers: it keeps that many running (a dead one is
 * forked again, at once the first time, then backing off to 30 s while it keeps dying at start),
 * reloads them one at a time on SIGHUP (a new one listening before an old one stops, so no
 * request fails), and on SIGTERM or SIGINT stops them all, each finishing its requests. The
 * workers share the listening socket (Node's cluster), and PostgreSQL shares their work: jobs and
 * schedules run once whichever worker picks them up.
 */
export function runPrimary(count: number, logStream?: Writable): void {
  output = logStream;
  const leaving = new WeakSet<Worker>();
  const started = new WeakMap<Worker, number>();
  let quickDeaths = 0;
  let stopping = false;
  let reloading: Promise<void> | null = null;

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<boolean>((done) => {
      const onListening = () => {
        worker.off('exit', onExit);
        done(true);
      };
      const onExit = () => {
        worker.off('listening', onListening);
        done(false);
      };
      worker.once('listening', onListening);
      worker.once('exit', onExit);
    });

  const stop = async (worker: Worker) => {
    leaving.add(worker);
    if (worker.isDead()) return;
    const exited = once(worker, 'exit');
    worker.process.kill('SIGTERM');
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), stopGraceMs);
    await exited;
    clearTimeout(timer);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping || leaving.has(worker)) return;
    const quick = Date.now() - (started.get(worker) ?? 0) < crashWindowMs;
    quickDeaths = quick ? quickDeaths + 1 : 0;
    const delay = quickDeaths <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** (quickDeaths - 2));
    log(
      'error',
      `Worker ${worker.process.pid} died (${signal ?? `exit ${code}`}): starting another`,
      {
        restartInMs: delay,
      },
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const reload = async () => {
    const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    log('info', `SIGHUP: reloading ${old.length} workers one at a time`);
    for (const worker of old) {
      if (stopping) return;
      const fresh = fork();
      if (!(await listening(fresh))) {
        log('error', 'A new worker did not start: the reload stops, the running workers stay');
        return;
      }
      await stop(worker);
    }
    log('info', 'Reload finished');
  };

  process.on('SIGHUP', () => {
    reloading ??= reload().finally(() => (reloading = null));
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', `${signal} received: stopping the workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    void Promise.all(workers.map(stop)).then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  // Workers run the server itself, not whatever started the primary (npm start checks the build).
  cluster.setupPrimary({ exec: join(import.meta.dirname, '..', 'server.ts') });
  answerMetricsRequests(cluster);
  log('info', `Starting ${count} workers`);
  for (let i = 0; i < count; i += 1) fork();
}
