import type { FastifyReply } from 'fastify';

/**
 * A value loaded once and kept until `invalidate()` (a NOTIFY that what it was built from
 * changed): reads between changes cost nothing. A load that fails is not kept, and a change during
 * a load drops that load's result for the next read.
 */
export function untilChanged<T>(load: () => Promise<T>) {
  let current: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      current ??= load().catch((error: unknown) => {
        current = null;
        throw error;
      });
      return current;
    },
    invalidate(): void {
      current = null;
    },
  };
}

/**
 * Sends JSON serialised beforehand (a kept answer): Fastify passes a string through untouched,
 * though the route's type provider expects the object its schema describes.
 */
export function sendSerialised(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
