import type { FastifyReply, FastifyRequest } from 'fastify';
import { precompressed, sendPrecompressed, type Precompressed } from './precompressed.ts';

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
 * JSON made once for a kept answer, as bytes with their compressed forms: each send then skips
 * serialising, encoding and compressing.
 */
export const serialise = (value: unknown): Precompressed =>
  precompressed(Buffer.from(JSON.stringify(value)));

/**
 * Sends JSON serialised beforehand (a kept answer) in the encoding the client accepts: Fastify
 * passes the bytes through untouched, though the route's type provider expects the object its
 * schema describes.
 */
export function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Precompressed,
): FastifyReply {
  return sendPrecompressed(request, reply.type('application/json; charset=utf-8'), json);
}
