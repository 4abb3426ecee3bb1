import { isDeepStrictEqual } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueEdits } from '#shared/catalogue.ts';
import { pageQueriesDataId, type PageQuery } from '#shared/page-queries.ts';
import {
  isAppShellPath,
  notFoundTitle,
  prerenderedPages,
  redirects,
  sitemapPaths,
} from '#shared/routes.ts';
import { siteGlobal } from '#shared/site.ts';
import type { AppInstance } from '../app-instance.ts';
import { catalogueEdits, whenCatalogueChanges } from '../features/catalogue/catalogue.service.ts';
import { helpPagePaths, registerHelpPages } from '../features/tickets/help-pages.ts';
import { precompressed, sendPrecompressed, type Precompressed } from '../lib/precompressed.ts';
import { untilChanged } from '../lib/until-changed.ts';
import {
  dataBlock,
  pageDocument,
  pageHead,
  withDataBlock,
  type PageMeta,
  type PageSettings,
} from '../lib/page-document.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Signed-in and back-office pages, the API and the payment pages of one customer. Checkout and the
 * payment result pages are crawlable (issue 20 asks SEO 100 of every public page) and are kept out
 * of the sitemap instead.
 */
const closedToCrawlers = [
  '/admin',
  '/user',
  '/api/',
  '/payment/details/',
  '/payment/test',
  '/payment/debug',
  '/SimplePayFast',
];

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

/** Where the build leaves its page renderer: beside the client it built. */
export const ssrDirOf = (clientDir: string) => join(clientDir, '..', 'ssr');

/** What the build writes beside the renderer so the server can make a page as the build did. */
export interface PageParts {
  /** index.html with `<!--app-head-->` and `<!--app-html-->` still in it. */
  template: string;
  /** Each prerendered path's (and `404`'s) description and canonical path. */
  pages: Record<string, PageMeta>;
  /** The site's settings and address the built files were written with. */
  builtFor: PageSettings;
}

type Render = (
  path: string,
  edits?: CatalogueEdits,
  queries?: PageQuery[],
) => Promise<{ html: string; title: string }>;

/** The id of the data block that carries the catalogue's edits to the browser (main.tsx). */
export const catalogueDataId = 'catalogue-edits';

export const catalogueDataBlock = (edits: CatalogueEdits) => dataBlock(catalogueDataId, edits);

function readParts(clientDir: string): PageParts | null {
  const file = join(ssrDirOf(clientDir), 'pages.json');
  if (!existsSync(file)) return null;
  const parts = JSON.parse(readFileSync(file, 'utf8')) as Partial<PageParts>;
  // A build from before the settings were filled in at start cannot be rendered with them.
  return parts.builtFor && parts.pages ? (parts as PageParts) : null;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, doc: Precompressed, status = 200) {
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache');
  return sendPrecompressed(request, reply, doc);
}

/**
 * Serves the built client: prerendered public pages, the app shell for client-rendered routes,
 * hashed assets, redirects, sitemap, robots, and the 404 page (JSON 404 under /api).
 */
export async function registerWeb(app: AppInstance): Promise<void> {
  const { clientDir, publicUrl } = app.config;
  const page = (html: Buffer) =>
    precompressed(app.config.payfast.mode === 'simulator' ? withTestBanner(html) : html);
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
        [
          'User-agent: *',
          ...closedToCrawlers.map((path) => `Disallow: ${path}`),
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  // The help centre's pages change with its articles (decision 036): read at each request.
  app.get('/sitemap.xml', async (_request, reply) => {
    const paths = [...sitemapPaths, ...(await helpPagePaths(app.database.db))];
    const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
      .map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap);
  });

  const notFoundDoc = built
    ? page(readFileSync(join(clientDir, '404.html')))
    : precompressed(
        Buffer.from('<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>'),
      );
  const shellDoc = built ? page(readFileSync(shellFile)) : undefined;

  const livePages = built ? await registerLivePages(app, page) : null;
  const current = async (fallback: Precompressed, kind: 'shell' | '404') =>
    (await livePages?.document(kind)) ?? fallback;

  if (livePages) await registerHelpPages(app, livePages.renderWithData);
  if (built) {
    for (const { path } of prerenderedPages) {
      const doc = page(readFileSync(pageFile(clientDir, path)));
      app.get(path, async (request, reply) =>
        sendHtml(request, reply, (await livePages?.document(path)) ?? doc),
      );
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
      return current(shellDoc, 'shell').then((doc) => sendHtml(request, reply, doc));
    }
    return current(notFoundDoc, '404').then((doc) => sendHtml(request, reply, doc, 404));
  });
}

/**
 * Pages as the site is now, without a rebuild: with the prices an owner changed (issue 19 §4,
 * decision 015) and with this server's site settings and address (issue 27 §1). While both equal
 * the build's, the built files are served untouched. Otherwise each page is rendered again by the
 * build's own renderer (dist/ssr) on its first request, and kept until the catalogue changes
 * again (NOTIFY catalogue, from any process); with edits, every page, the app shell and the 404
 * page also carry them as a data block, so the browser hydrates — and navigates on — with the
 * prices the server charges. Without the renderer (an old build) pages are served as built, with
 * a warning.
 */
async function registerLivePages(app: AppInstance, page: (html: Buffer) => Precompressed) {
  const { clientDir } = app.config;
  const settings: PageSettings = { site: app.config.site, publicUrl: app.config.publicUrl };
  const rendererFile = join(ssrDirOf(clientDir), 'prerender.js');
  const parts = existsSync(rendererFile) ? readParts(clientDir) : null;
  const otherSettings = parts !== null && !isDeepStrictEqual(parts.builtFor, settings);
  if (!parts) {
    app.log.warn(
      'This build has no page renderer (dist/ssr): pages show the settings and prices they were built with',
    );
  }
  let renderer: Promise<Render> | undefined;
  // Loaded when a page is first made again: most servers never need React on the server.
  const loadRenderer = () =>
    (renderer ??= (async () => {
      (globalThis as Record<string, unknown>)[siteGlobal] = settings.site;
      return ((await import(pathToFileURL(rendererFile).href)) as { render: Render }).render;
    })().catch((error: unknown) => {
      renderer = undefined;
      throw error;
    }));
  const builtFile = (key: string) =>
    key === 'shell'
      ? join(clientDir, '_shell.html')
      : key === '404'
        ? join(clientDir, '404.html')
        : pageFile(clientDir, key);

  const live = untilChanged(async () => {
    const edits = (await catalogueEdits(app.database.db)) ?? undefined;
    if (!edits && !otherSettings) return null;
    return {
      edits,
      block: edits ? catalogueDataBlock(edits) : '',
      docs: new Map<string, Promise<Precompressed>>(),
    };
  });
  await whenCatalogueChanges(app, live.invalidate);

  const make = async (key: string, edits: CatalogueEdits | undefined, block: string) => {
    if (!parts || (key === 'shell' && !otherSettings)) {
      return page(Buffer.from(withDataBlock(readFileSync(builtFile(key), 'utf8'), block)));
    }
    if (key === 'shell') {
      const head = pageHead(settings, settings.site.siteName);
      return page(
        Buffer.from(withDataBlock(pageDocument(parts.template, head, '', settings.site), block)),
      );
    }
    const render = await loadRenderer();
    const { html, title } = await render(key === '404' ? '/404-page-not-found' : key, edits);
    const head = pageHead(settings, key === '404' ? notFoundTitle : title, parts.pages[key]);
    const doc = pageDocument(parts.template, head, html, settings.site);
    return page(Buffer.from(withDataBlock(doc, block)));
  };
  return {
    /** The page for `key` (a prerendered path, `shell` or `404`) as the catalogue is now; null: as built. */
    async document(key: string): Promise<Precompressed | null> {
      try {
        const now = await live.get();
        if (!now) return null;
        let doc = now.docs.get(key);
        if (!doc) {
          doc = make(key, now.edits, now.block);
          now.docs.set(key, doc);
          doc.catch(() => now.docs.delete(key));
        }
        return await doc;
      } catch (error) {
        app.log.error({ err: error, page: key }, 'page not rendered with the current catalogue');
        return null;
      }
    },
    /**
     * A page of data the build cannot know (a help article, decision 036), rendered now with
     * `queries`, which go with it as a data block for hydration; null without a renderer.
     */
    async renderWithData(
      path: string,
      head: { title: string; meta?: PageMeta },
      queries: PageQuery[],
    ): Promise<Precompressed | null> {
      if (!parts) return null;
      const now = await live.get();
      const render = await loadRenderer();
      const { html } = await render(path, now?.edits, queries);
      const doc = pageDocument(
        parts.template,
        pageHead(settings, head.title, head.meta),
        html,
        settings.site,
      );
      const blocks = (now?.block ?? '') + dataBlock(pageQueriesDataId, queries);
      return page(Buffer.from(withDataBlock(doc, blocks)));
    },
  };
}
