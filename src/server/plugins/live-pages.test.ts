import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '#shared/catalogue.ts';
import { prerenderedPages } from '#shared/routes.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { signInAdmin } from '../../../tests/helpers/admins.ts';
import { siteEnvSchema, toSiteConfig } from '#shared/site-env.ts';
import { siteDataId, siteGlobal } from '#shared/site.ts';
import type { PageSettings } from '../lib/page-document.ts';
import { pageFile, ssrDirOf, type PageParts } from './web.ts';

/**
 * A price edit reaching a prerendered page without a rebuild (issue 19 §4), against a stand-in
 * build: pages as the build wrote them, and a renderer in dist/ssr that prints the price it is
 * given. The real renderer and the browser are covered by tests/e2e/catalogue.spec.ts.
 */
let t: TestApp;
let root: string;
let owner: string;

const pkg = catalogue.flatMap((s) => s.packages).find((p) => p.id === 'website-business')!;
// The settings a test app has by default, as the build wrote them.
const builtFor: PageSettings = {
  site: toSiteConfig(siteEnvSchema.parse({})),
  publicUrl: 'https://shop.test',
};
const template =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

function writeBuild(clientDir: string) {
  const write = (file: string, body: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  const page = (path: string) =>
    template
      .replace('<!--app-head-->', `<title>${path}</title>`)
      .replace('<!--app-html-->', `<p>page ${path} price ${pkg.priceCents}</p>`);
  for (const { path } of prerenderedPages) write(pageFile(clientDir, path), page(path));
  write(join(clientDir, '_shell.html'), template.replace('<!--app-html-->', ''));
  write(join(clientDir, '404.html'), page('/404-page-not-found'));
  const parts: PageParts = {
    template,
    pages: Object.fromEntries(
      prerenderedPages.map((p) => [
        p.path,
        { description: `about ${p.path}`, canonicalPath: p.path },
      ]),
    ),
    builtFor,
  };
  const ssr = ssrDirOf(clientDir);
  write(join(ssr, 'pages.json'), JSON.stringify(parts));
  write(
    join(ssr, 'prerender.js'),
    `export async function render(path, edits) {
      const price = edits?.items?.['website-business']?.priceCents ?? ${pkg.priceCents};
      const site = globalThis.${siteGlobal}.siteName;
      return { html: '<p>page ' + path + ' price ' + price + ' rendered for ' + site + '</p>', title: path };
    }`,
  );
}

const edit = (priceCents: number) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/catalogue/packages/website-business',
    headers: { cookie: owner },
    payload: {
      price: priceCents / 100,
      delivery: pkg.delivery,
      deliveryDays: pkg.deliveryDays,
      bestFor: pkg.bestFor ?? '',
      features: pkg.features,
      active: true,
    },
  });

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'live-pages-'));
  writeBuild(join(root, 'client'));
  t = await createTestApp({ CLIENT_DIR: join(root, 'client'), PUBLIC_URL: builtFor.publicUrl });
  ({ cookie: owner } = await signInAdmin(t.app));
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('prerendered pages after a price edit', () => {
  it('serves the built files while the catalogue is the one they were built with', async () => {
    const page = await get('/services/buy-website');
    expect(page.body).toContain(`price ${pkg.priceCents}</p>`);
    expect(page.body).not.toContain('rendered');
    expect(page.body).not.toContain('catalogue-edits');
  });

  it('renders every page again with the new price, carrying the edits for hydration', async () => {
    expect((await edit(612_300)).statusCode).toBe(200);
    // The commit's NOTIFY reaches the web plugin: no rebuild, no restart.
    await expect
      .poll(async () => (await get('/services/buy-website')).body, { timeout: 60_000 })
      .toContain('price 612300 rendered');
    const page = await get('/services/buy-website');
    expect(page.body).toContain('<title>/services/buy-website</title>');
    expect(page.body).toContain(
      '<script type="application/json" id="catalogue-edits">{"items":{"website-business":{"priceCents":612300}}}</script></body>',
    );
    // The compressed forms are of the new page too.
    const br = await get('/services/buy-website', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('price 612300 rendered');
    // Pages without the price, the app shell and the 404 page carry the edits as well, so a
    // page reached by navigating in the browser shows the new price too.
    expect((await get('/about')).body).toContain('id="catalogue-edits"');
    const shell = await get('/user/dashboard');
    expect(shell.body).toContain('id="catalogue-edits"');
    const notFound = await get('/no-such-page');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('price 612300 rendered');
  });

  it('follows a second edit, and serves the built pages again once the price is back', async () => {
    await edit(700_000);
    await expect
      .poll(async () => (await get('/services/buy-website')).body)
      .toContain('price 700000 rendered');
    await edit(pkg.priceCents);
    await expect
      .poll(async () => (await get('/services/buy-website')).body)
      .not.toContain('rendered');
    expect((await get('/services/buy-website')).body).not.toContain('catalogue-edits');
  });

  it('escapes the data block so no edited text can close it', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue/packages/website-business',
      headers: { cookie: owner },
      payload: {
        price: pkg.priceCents / 100,
        delivery: '</script><script>alert(1)</script>',
        deliveryDays: pkg.deliveryDays,
        bestFor: '',
        features: pkg.features,
        active: true,
      },
    });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(async () => (await get('/about')).body)
      .toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect((await get('/about')).body).not.toContain('<script>alert(1)');
  });
});

describe('a server started with other site settings than the build', () => {
  it('renders the pages with its own name, address and settings, without building', async () => {
    const other = await createTestApp({
      CLIENT_DIR: join(root, 'client'),
      PUBLIC_URL: 'https://other.example.co.za',
      SITE_NAME: 'Other Shop',
    });
    try {
      const page = await other.app.inject({ url: '/services/buy-website' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('rendered for Other Shop</p>');
      expect(page.body).toContain(
        '<link rel="canonical" href="https://other.example.co.za/services/buy-website" />',
      );
      expect(page.body).toContain('<meta property="og:site_name" content="Other Shop" />');
      expect(page.body).toContain(`<script type="application/json" id="${siteDataId}">`);
      expect(page.body).toContain('"siteName":"Other Shop"');
      const shell = await other.app.inject({ url: '/user/dashboard' });
      expect(shell.body).toContain('<title>Other Shop</title>');
      expect(shell.body).toContain('"siteName":"Other Shop"');
    } finally {
      await other.close();
    }
  });
});
