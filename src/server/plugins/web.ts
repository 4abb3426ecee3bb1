import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppShellPath, prerenderedPages, redirects, sitemapPaths } from '#shared/routes.ts';
import type { AppInstance } from '../app-instance.ts';

interface HtmlDocument {
  raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A page with its brotli and gzip forms, each made when first asked for and kept: compressing
 * every page at start (brotli at its best is slow) kept the server from answering for 0.7 s.
 */
function compressed(raw: Buffer): HtmlDocument {
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

/** The built page for a route path: `/` → index.html, `/about` → about/index.html. */
export function pageFile(clientDir: string, path: string): string {
  return join(clientDir, path === '/' ? '' : path, 'index.html');
}

/** The words every page carries while the simulator plays PayFast. */
export const testPaymentsBanner = 'Test payments — no money moves';

/**
 * Simulator mode: each served page opens with the banner, written into the HTML outside the React
 * root, so prerendered pages show it without a line of JavaScript and hydration is untouched.
 */
function withTestBanner(html: Buffer): Buffer {
  const banner = `<aside aria-label="Test mode" style="background:#b91c1c;color:#fff;text-align:center;padding:6px 16px;font-size:14px;font-weight:700;line-height:1.4"><p style="margin:0">${testPaymentsBanner}</p></aside>`;
  return Buffer.from(html.toString('utf8').replace(/<body[^>]*>/, (body) => `${body}${banner}`));
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, doc: HtmlDocument, status = 200) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(doc.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(doc.gzip);
  return reply.send(doc.raw);
}

/**
 * Serves the built client: prerendered public pages, the app shell for client-rendered routes,
 * hashed assets, redirects, sitemap, robots, and the 404 page (JSON 404 under /api).
 */
export async function registerWeb(app: AppInstance): Promise<void> {
  const { clientDir, publicUrl } = app.config;
  const page = (html: Buffer) =>
    compressed(app.config.payfast.mode === 'simulator' ? withTestBanner(html) : html);
  const shellFile = join(clientDir, '_shell.html');
  const built = existsSync(shellFile);
  if (!built) app.log.warn(`No client build in ${clientDir}: only the API is served`);

  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 301));
  }

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nDisallow: /admin\nDisallow: /user\nDisallow: /api/\nDisallow: /checkout\nDisallow: /payment\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );

  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapPaths
    .map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );

  const notFoundDoc = built
    ? page(readFileSync(join(clientDir, '404.html')))
    : compressed(
        Buffer.from('<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>'),
      );
  const shellDoc = built ? page(readFileSync(shellFile)) : undefined;

  if (built) {
    for (const { path } of prerenderedPages) {
      const doc = page(readFileSync(pageFile(clientDir, path)));
      app.get(path, (request, reply) => sendHtml(request, reply, doc));
    }
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => !pathname.endsWith('.html'),
      // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
      setHeaders: (reply: unknown, filePath: string) => {
        const hashed = filePath.startsWith(join(clientDir, 'assets'));
        (reply as FastifyReply).header(
          'cache-control',
          hashed ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: `No API route for ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && shellDoc && isAppShellPath(path)) {
      return sendHtml(request, reply, shellDoc);
    }
    return sendHtml(request, reply, notFoundDoc, 404);
  });
}
