import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ApiErrorBody } from '#shared/errors.ts';

/**
 * How long a client may take to send a request (issue 25 §4): a slow or silent sender is answered
 * 408 and its connection closed, so a handful of trickling connections cannot hold the server.
 * Only the arrival of the request counts; the time its route then takes does not.
 */
export interface ServerTimeouts {
  /** From the connection (or the previous answer) to the end of the request's headers. */
  headersMs: number;
  /** From the start of a request to its last body byte. */
  requestMs: number;
  /** How often Node looks for requests past those limits: a cut comes at most this much late. */
  checkEveryMs: number;
}

/**
 * Headers within 10 s, the whole request within 60 s, checked every second. The largest body is
 * an upload of 10 MB (MAX_UPLOAD_BYTES), which needs about 1.4 Mbit/s upstream to arrive in time.
 */
export const serverTimeouts: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  checkEveryMs: 1_000,
};

const answers: Record<string, { status: number; text: string; body: ApiErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    text: 'Request Timeout',
    body: {
      error: 'The request arrived too slowly and was cut off. Please send it again.',
      code: 'REQUEST_TIMEOUT',
    },
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    body: { error: 'The request headers are too large', code: 'BAD_REQUEST' },
  },
};
const malformed = {
  status: 400,
  text: 'Bad Request',
  body: { error: 'The request could not be read', code: 'BAD_REQUEST' },
};

/**
 * What Node's HTTP server says to a client it gives up on before Fastify sees a request (too
 * slow, headers too large, unparsable): Fastify's own answer in the `{ error, code }` shape, and
 * nothing at all when part of an answer has already gone out.
 */
function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = answers[error.code ?? ''] ?? malformed;
  this.log.debug({ err: error }, `client error: ${answer.status}`);
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(answer.body);
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Fastify options that put these limits on the HTTP server it creates. */
export function timeoutOptions(overrides: Partial<ServerTimeouts> = {}): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'clientErrorHandler'
> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  const limits = { ...serverTimeouts, ...overrides };
  return {
    requestTimeout: limits.requestMs,
    http: {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    clientErrorHandler,
  };
}
