import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createJobLoop } from './job-loop.ts';

const loggerWith = (errors: unknown[] = []) =>
  ({ error: (...args: unknown[]) => errors.push(args) }) as unknown as FastifyBaseLogger;
const log = loggerWith();

describe('createJobLoop', () => {
  it('goes round again when asked during a drain, so run() covers work queued before it', async () => {
    const queue = ['a'];
    const done: string[] = [];
    let release: () => void = () => {};
    const loop = createJobLoop({
      name: 'test loop',
      everyMs: 60_000,
      log,
      async drain() {
        // Like a query for due rows: what is queued when the drain starts, nothing later.
        for (const item of queue.splice(0)) {
          if (item === 'a') await new Promise<void>((resolve) => (release = resolve));
          done.push(item);
        }
      },
    });
    const first = loop.run();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // 'b' arrives while the drain is busy with 'a' and has already looked at the queue.
    const second = loop.run();
    queue.push('b');
    release();
    await Promise.all([first, second]);
    expect(done).toEqual(['a', 'b']);
    await loop.close();
  });

  it('logs a failing drain instead of rejecting, and stops after close()', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const loop = createJobLoop({
      name: 'failing loop',
      everyMs: 60_000,
      log: loggerWith(errors),
      async drain() {
        calls += 1;
        throw new Error('database gone');
      },
    });
    await expect(loop.run()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    await loop.close();
    await loop.run();
    expect(calls).toBe(1);
  });
});
