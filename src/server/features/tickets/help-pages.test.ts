import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteEnvSchema, toSiteConfig } from '#shared/site-env.ts';
import { pageQueriesDataId } from '#shared/page-queries.ts';
import { prerenderedPages } from '#shared/routes.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import type { PageSettings } from '../../lib/page-document.ts';
import { pageFile, ssrDirOf, type PageParts } from '../../plugins/web.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { starterArticles } from './help-articles.seed.ts';

/**
 * The help pages as a visitor's first request gets them (decision 036): rendered on the server by
 * the app's real page renderer (src/client/prerender.tsx, as the build's dist/ssr would be), in
 * a stand-in build whose template is the bare minimum.
 */
let t: TestApp;
let root: string;
let staff: string;

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
  for (const { path } of prerenderedPages) write(pageFile(clientDir, path), template);
  write(
    join(clientDir, '_shell.html'),
    template.replace('<!--app-head-->', '<title>shell</title>'),
  );
  write(join(clientDir, '404.html'), template.replace('<!--app-html-->', 'not found'));
  const parts: PageParts = { template, pages: {}, builtFor };
  const ssr = ssrDirOf(clientDir);
  write(join(ssr, 'pages.json'), JSON.stringify(parts));
  const renderer = resolve(import.meta.dirname, '../../../client/prerender.tsx');
  write(join(ssr, 'prerender.js'), `export { render } from ${JSON.stringify(renderer)};`);
}

const get = (url: string) => t.app.inject({ url });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'help-pages-'));
  writeBuild(join(root, 'client'));
  t = await createTestApp({ CLIENT_DIR: join(root, 'client'), PUBLIC_URL: builtFor.publicUrl });
  ({ cookie: staff } = await signInAdmin(t.app, { role: 'staff' }));
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const eft = starterArticles(vatWording(true)).find((a) => a.slug === 'paying-by-eft')!;

describe('help pages on the first request', () => {
  it('sends an article in the HTML, with its title, description and data for hydration', async () => {
    const page = await get('/help/paying-by-eft');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain(`<title>${eft.title} | ${builtFor.site.siteName}</title>`);
    expect(html).toContain(`<meta name="description" content="${eft.summary}" />`);
    expect(html).toContain('<link rel="canonical" href="https://shop.test/help/paying-by-eft" />');
    expect(html).toMatch(
      /<h1[^>]*>Paying by EFT: our bank details and which reference to use<\/h1>/,
    );
    expect(html).toContain('<h2>How to pay</h2>');
    expect(html).toContain('Still stuck?');
    expect(html).toContain(`<script type="application/json" id="${pageQueriesDataId}">`);
    expect(html).not.toMatch(/<script(?! type="application\/json")/);
  });

  it('sends the index with every topic and its articles', async () => {
    const page = await get('/help');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Help centre | ');
    expect(page.body).toContain('How can we help?');
    expect(page.body).toContain('Company registration');
    expect(page.body).toContain('href="/help/registering-a-co-za-domain"');
  });

  it('lists the help centre and its published articles in the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>https://shop.test/help</loc>');
    expect(sitemap).toContain('<loc>https://shop.test/help/paying-by-eft</loc>');
  });

  it('answers 404 for a draft or an unknown article, and leaves other /help routes to the app', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/help/articles',
      headers: { cookie: staff },
      payload: {
        title: 'Not ready yet',
        slug: 'not-ready-yet',
        categorySlug: 'billing',
        bodyMarkdown: 'Still being written by the team.',
      },
    });
    expect(created.statusCode).toBe(201);
    expect((await get('/sitemap.xml')).body).not.toContain('not-ready-yet');
    for (const url of ['/help/not-ready-yet', '/help/no-such-article']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('No such help article');
      expect(page.body).not.toContain('Still being written');
    }
    // Another route under /help is the app's shell, not an article.
    const announcements = await get('/help/announcements');
    expect(announcements.statusCode).toBe(200);
    expect(announcements.body).toContain('<title>shell</title>');
  });

  it('renders an article again once it is published or changed', async () => {
    const [row] = (
      await t.app.inject({ url: '/api/admin/help/articles', headers: { cookie: staff } })
    )
      .json<{ articles: { id: string; slug: string }[] }>()
      .articles.filter((a) => a.slug === 'not-ready-yet');
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/help/articles/${row!.id}/status`,
      headers: { cookie: staff },
      payload: { status: 'published' },
    });
    expect(published.statusCode).toBe(200);
    // The commit's NOTIFY drops the kept pages.
    await expect
      .poll(async () => (await get('/help/not-ready-yet')).statusCode, { timeout: 30_000 })
      .toBe(200);
    expect((await get('/help/not-ready-yet')).body).toContain('Still being written by the team.');
    expect((await get('/sitemap.xml')).body).toContain(
      '<loc>https://shop.test/help/not-ready-yet</loc>',
    );
    await expect
      .poll(async () => (await get('/help')).body, { timeout: 30_000 })
      .toContain('href="/help/not-ready-yet"');
  });
});
