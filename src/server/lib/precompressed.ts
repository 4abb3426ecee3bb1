import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A kept body with its brotli and gzip forms. */
export interface Precompressed {
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * A body whose brotli and gzip forms are made when first asked for and kept: compressing every
 * page at start (brotli at its best is slow) kept the server from answering for 0.7 s, and
 * compressing a kept answer on every request would undo keeping it.
 */
export function precompressed(raw: Buffer): Precompressed {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    raw,
    get br() {
      return (br ??= brotliCompressSync(raw));
    },
    get gzip() {
      return (gzip ??= gzipSync(raw, { level: 9 }));
    },
  };
}

/** Sends the form the client accepts (brotli, then gzip, then as it is), varying on it. */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Precompressed,
): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.raw);
}
