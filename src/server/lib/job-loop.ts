import type { FastifyBaseLogger } from 'fastify';

export interface JobLoop {
  /** Drains now; resolves once everything queued before the call has been handled. */
  run(): Promise<void>;
  /** Asks for a drain without waiting for it (after a request commits new work). */
  kick(): void;
  /** Stops the timer and waits for the drain in progress. */
  close(): Promise<void>;
}

/**
 * The loop behind every background job: `drain` handles the rows that are due (rows in
 * PostgreSQL are the queue, so a restart loses nothing). One drain at a time in this process; a
 * call during a drain makes it go round once more; a timer drains every `everyMs` for retries
 * and for work left by a crash. `drain` should stop early once `stopping()` is true.
 */
export function createJobLoop(options: {
  name: string;
  everyMs: number;
  log: FastifyBaseLogger;
  drain: (stopping: () => boolean) => Promise<void>;
}): JobLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const stopping = () => closed;

  async function loop(): Promise<void> {
    do {
      again = false;
      await options.drain(stopping);
    } while (again && !closed);
  }

  function run(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => {
        options.log.error({ err: error }, `${options.name} failed`);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return {
    run,
    kick: () => void run(),
    async close() {
      clearInterval(timer);
      closed = true;
      await running;
    },
  };
}
