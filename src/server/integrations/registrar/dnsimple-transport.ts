/**
 * How DNSimple is spoken to: each call's timeout, its answers read (nginx's HTML pages, the rate
 * limit's reset time) and its errors explained as RegistrarError.
 */
import {
  AuthenticationError,
  ClientError,
  NotFoundError,
  RequestError,
  ServerError,
  TimeoutError,
  type Fetcher,
} from 'dnsimple';
import { z } from 'zod';
import { credentialsRefused, RegistrarError } from './registrar.ts';

/**
 * How long each kind of call may take. DNSimple's own fixtures (x-runtime) show a registration
 * answered in 11.9 s, a renewal in 13.6 s (and asking after one as long), a transfer in 6.5 s and
 * a premium price in 9.1 s; everything else well under a second. A registrar step given up too
 * early may still be made (and is then found in our account), so steps — made or asked after,
 * only ever by jobs — get far more than the slowest published answer; a customer's read less.
 */
export const dnsimpleTimeouts = { step: 60_000, prices: 20_000, change: 20_000, read: 10_000 };

const stepPattern = /\/registrar\/domains\/[^/]+\/(registrations|renewals|transfers)(\/\d+)?$/;
/**
 * A customer's own changes at the registry, which the customer waits for: readying a transfer
 * out (3.0 s in DNSimple's fixture) and a registrant change (its check 3.1 s, its start 3.4 s).
 */
const changePattern =
  /\/registrar\/(domains\/[^/]+\/authorize_transfer_out|registrant_changes(\/check)?)$/;

function timeoutFor(url: string, timeouts: typeof dnsimpleTimeouts): number {
  const path = new URL(url).pathname;
  if (stepPattern.test(path)) return timeouts.step;
  if (changePattern.test(path)) return timeouts.change;
  return path.endsWith('/prices') ? timeouts.prices : timeouts.read;
}

/**
 * The client JSON-parses every error body, but a 5xx from DNSimple's edge can be an HTML page
 * (nginx's "502 Bad Gateway"): such a body becomes `{ message }` with the page's title, so the
 * client raises its typed error instead of a SyntaxError.
 */
function asJsonBody(status: number, text: string): string {
  if (status < 400) return text;
  try {
    JSON.parse(text);
    return text;
  } catch {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return JSON.stringify({ message: title || `HTTP ${status}` });
  }
}

/**
 * DNSimple's rate limit resets at `X-RateLimit-Reset` (epoch seconds); the client's own error
 * drops the headers, so the 429 is explained here, with the time to come back.
 */
function rateLimited(headers: Headers): RegistrarError {
  const reset = Number(headers.get('x-ratelimit-reset'));
  return new RegistrarError('The domain registrar is busy. Please try again in a minute.', {
    transient: true,
    status: 429,
    waitFor: 'rate-limit',
    retryAt: Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined,
  });
}

/**
 * The client's own transport is https-only; this one uses fetch, so a local stand-in works too,
 * and gives each call its own timeout.
 */
export const fetchFetcher =
  (timeouts: typeof dnsimpleTimeouts): Fetcher =>
  async ({ method, url, headers, body }) => {
    const timeout = timeoutFor(url, timeouts);
    try {
      const response = await fetch(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(timeout),
      });
      if (response.status === 429) throw rateLimited(response.headers);
      const text = await response.text();
      return { status: response.status, body: asJsonBody(response.status, text) };
    } catch (error) {
      if (
        error instanceof Error &&
        (error.name === 'TimeoutError' || error.name === 'AbortError')
      ) {
        throw new TimeoutError(`DNSimple did not answer within ${timeout} ms`);
      }
      throw error;
    }
  };

/** A 4xx body: `{ message, errors?: { field: [messages] } }`. */
const refusalSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});

/** Turns the client's errors into RegistrarError with a message a person can act on. */
export function explain(error: unknown): never {
  if (error instanceof RegistrarError) throw error;
  if (
    error instanceof AuthenticationError ||
    (error instanceof ClientError && error.status === 403)
  ) {
    // A revoked or wrong token: no retry fixes it, and no paid order is to blame for it.
    throw new RegistrarError(
      `DNSimple ${credentialsRefused} (HTTP ${error.status}): DNSIMPLE_TOKEN must be fixed`,
      { transient: true, status: 503, waitFor: 'credentials' },
    );
  }
  // A 2xx whose body is not JSON (nginx's HTML page): as good as no answer.
  if (error instanceof z.ZodError || error instanceof SyntaxError) {
    throw new RegistrarError('The domain registrar sent an answer we could not read.', {
      transient: true,
      status: 502,
    });
  }
  if (error instanceof TimeoutError) {
    throw new RegistrarError('The domain registrar did not answer in time. Please try again.', {
      transient: true,
      status: 504,
    });
  }
  if (error instanceof ServerError) {
    throw new RegistrarError('The domain registrar is having problems. Please try again shortly.', {
      transient: true,
      status: 502,
    });
  }
  if (error instanceof ClientError || error instanceof NotFoundError) {
    // DNSimple's own words (and its field errors), for the admins' history and the check's 400.
    const body = refusalSchema.safeParse(error.data);
    const words = body.success
      ? [
          body.data.message,
          ...Object.entries(body.data.errors ?? {}).map(
            ([field, messages]) => `${field}: ${[messages].flat().join(', ')}`,
          ),
        ].join('; ')
      : `HTTP ${error.status}`;
    throw new RegistrarError(`DNSimple refused: ${words}`, { transient: false, status: 502 });
  }
  if (error instanceof RequestError) {
    throw new RegistrarError(`The domain registrar refused the request (${error.status}).`, {
      transient: false,
      status: 502,
    });
  }
  throw new RegistrarError('The domain registrar could not be reached. Please try again.', {
    transient: true,
    status: 503,
  });
}
