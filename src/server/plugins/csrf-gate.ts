import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-instance.ts';
import { AppError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a state-changing browser request may come from: PUBLIC_URL's. A loopback
 * PUBLIC_URL also admits its other loopback spellings on the same scheme and port (a developer
 * opening 127.0.0.1 for localhost), which no page on another machine can have.
 */
export function ownOrigins(publicUrl: string): Set<string> {
  const site = new URL(publicUrl);
  const origins = new Set([site.origin]);
  if (loopbackHosts.includes(site.hostname)) {
    for (const host of loopbackHosts) {
      origins.add(`${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`);
    }
  }
  return origins;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a state-changing request comes from elsewhere. `Origin` (or, without it, `Referer`)
 * must be one of ours; the Host header is never trusted for it. `Sec-Fetch-Site` can only refuse:
 * a browser saying anything but same-origin is refused, and it never admits a request alone.
 * A request without any of these is not from a browser (a server such as PayFast's, curl) and
 * carries no ambient browser credentials, so it passes.
 */
export function isForeignRequest(request: FastifyRequest, own: Set<string>): boolean {
  const { origin, referer } = request.headers;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return true;
  if (origin !== undefined) return !own.has(origin);
  if (referer !== undefined) {
    const from = originOf(referer);
    return from === null || !own.has(from);
  }
  return fetchSite !== undefined;
}

/**
 * One CSRF gate beside SameSite cookies, for every state-changing request whatever its path's
 * spelling (it looks at the method, not the URL), before any route or body parser runs.
 */
export function registerCsrfGate(app: AppInstance): void {
  const own = ownOrigins(app.config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (isForeignRequest(request, own)) {
      throw new AppError('FORBIDDEN', {
        message: 'This request came from another site and was refused',
      });
    }
  });
}
