import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Routes asked again and again without anyone acting: health checks, the back office's 5-second
 * status poll, pages polling a payment, a speed report or a subscription while it changes.
 */
const polled = new Set([
  'GET /api/health',
  'GET /api/admin/auth-status',
  'GET /api/payments/:reference',
  'GET /api/speed-reports/:id',
  'GET /api/subscriptions',
]);

const staticFile =
  /^\/(assets\/|favicon|robots\.txt|sitemap\.xml|site\.webmanifest)|\.(js|css|svg|png|ico|webp|woff2?|txt|xml|webmanifest)$/;

/**
 * The path with every query value hidden: links carry tokens (password reset, e-mail
 * verification, ticket replies) that must not reach a log.
 */
export function loggablePath(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const keys = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return `${url.slice(0, at)}?${keys.map((key) => `${encodeURIComponent(key)}=…`).join('&')}`;
}

const quiet = (request: FastifyRequest) =>
  polled.has(`${request.method} ${request.routeOptions.url ?? ''}`) ||
  (request.method === 'GET' && staticFile.test(request.url.split('?')[0]!));

/**
 * One log line per request, when it is answered: method, path (query values hidden), status and
 * time. Polls, health checks and static files log at debug, everything else at info.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: loggablePath(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    const message = `${line.method} ${line.url} ${line.status} ${line.ms} ms`;
    if (quiet(request)) request.log.debug(line, message);
    else request.log.info(line, message);
  });
}
