import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { AppInstance } from '../app-instance.ts';
import { AppError } from './errors.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';
import { registerCsrfGate } from './csrf-gate.ts';

/**
 * Where the rate-limit counters live, so several processes count as one shop: Redis when
 * REDIS_URL is set, else the PostgreSQL server; the embedded database is one process, so memory.
 */
async function sharedCounters(app: AppInstance) {
  const { redisUrl, databaseUrl } = app.config;
  if (redisUrl) {
    // Loaded only when configured: most shops run without Redis.
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // With Redis down the limits pause rather than refusing every customer.
    return { redis, skipOnError: true, nameSpace: 'sebenza-rate-limit:' };
  }
  if (databaseUrl) return { store: postgresRateLimitStore(app.database.db) };
  return {};
}

/**
 * helmet's headers, worked out once. Without nonces they are the same for every answer, while
 * the Fastify plugin built helmet anew (parsing the CSP) on each request: the costliest step of
 * serving a kept catalogue answer. helmet writes them through `setHeader`; they are collected.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers with a real Content-Security-Policy, and compression of dynamic answers. */
export async function registerSecurity(app: AppInstance): Promise<void> {
  const httpsOnly = app.config.publicUrl.startsWith('https://');
  // The checkout posts its signed form to PayFast's payment page, or to the stand-in configured
  // with PAYFAST_PROCESS_URL; the simulator's is a path on this very host ('self').
  const formAction = new Set([
    "'self'",
    'https://www.payfast.co.za',
    'https://sandbox.payfast.co.za',
  ]);
  const { processUrl } = app.config.payfast;
  if (/^https?:\/\//.test(processUrl)) formAction.add(new URL(processUrl).origin);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // React renders style attributes into prerendered markup (Radix positions popovers so).
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'form-action': [...formAction],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(httpsOnly ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: httpsOnly,
    // Nothing of our addresses reaches other sites, while a form posted from our own page
    // (the PayFast simulator's) carries our Origin: under no-referrer browsers send
    // `Origin: null`, which the CSRF gate must refuse.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  registerCsrfGate(app);

  // Limits are set per route (config.rateLimit) on the calls that can be abused.
  await app.register(rateLimit, {
    global: false,
    allowList: app.config.rateLimitAllow,
    ...(await sharedCounters(app)),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', {
        message: `Too many requests. Please try again in ${context.after}.`,
      }),
  });
}
