import { z } from 'zod';

/**
 * Answers that are not JSON documents, declared in `schema.response` like every other answer so
 * each route says what it sends. Fastify sends strings, bytes and empty bodies as they are: these
 * describe the answer (and type the handler), they never serialise it.
 */

/** An HTML page (the PayFast simulator's pages). */
export const htmlPageSchema = z.string();

/** A short text/plain answer, e.g. the "OK" PayFast's ITN gets. */
export const plainTextSchema = z.string();

/** A file the browser downloads: a PDF's bytes, a document already written out, or a stream. */
export const downloadSchema = z.union([
  z.string(),
  z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
  z.custom<{ pipe: unknown }>(
    (value) => typeof value === 'object' && value !== null && 'pipe' in value,
  ),
]);

/** A redirect: no body, the Location header is the answer. */
export const redirectSchema = z.undefined();
