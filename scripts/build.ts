import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { loadConfig } from '../src/server/config.ts';
import { pageFile, ssrDirOf, type PageParts } from '../src/server/plugins/web.ts';
import { pageDescriptions } from '../src/shared/page-descriptions.ts';
import { notFoundTitle, prerenderedPages } from '../src/shared/routes.ts';
import { buildStamp, stampFile } from './build-stamp.ts';
import { startImagePath, writeStartImage } from '../src/db/start-image.ts';

const root = resolve(import.meta.dirname, '..');
const clientDir = join(root, 'dist', 'client');
const ssrDir = ssrDirOf(clientDir);
// The build reads the site's settings only; which PayFast takes the payments is the server's choice.
const config = loadConfig({ ...process.env, PAYFAST_MODE: process.env.PAYFAST_MODE || 'sandbox' });

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function head(title: string, description?: string, canonicalPath?: string): string {
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (description) {
    tags.push(
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:site_name" content="${escapeHtml(config.site.siteName)}" />`,
      `<meta property="og:locale" content="en_ZA" />`,
    );
  }
  if (canonicalPath)
    tags.push(`<link rel="canonical" href="${config.publicUrl}${canonicalPath}" />`);
  return tags.join('\n    ');
}

function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
    } else if (/\.(js|css|svg|json|txt|xml)$/.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}

const started = Date.now();
rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({ root, logLevel: 'warn' });
await build({
  root,
  logLevel: 'warn',
  // The renderer only: the public files are the client's.
  publicDir: false,
  build: { ssr: 'src/client/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
});

const { render } = (await import(join(ssrDir, 'prerender.js'))) as {
  render: (path: string) => Promise<{ html: string; title: string }>;
};
const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
const page = (headHtml: string, body: string) =>
  template.replace('<!--app-head-->', headHtml).replace('<!--app-html-->', body);
// The renderer stays in dist/ssr with what it needs to make a page again: the server renders the
// prerendered pages anew when an owner changes the catalogue (decision 015).
const parts: PageParts = { template, heads: {} };

for (const { id, path, canonicalPath } of prerenderedPages) {
  const { html, title } = await render(path);
  const file = pageFile(clientDir, path);
  mkdirSync(dirname(file), { recursive: true });
  parts.heads[path] = head(title, pageDescriptions[id], canonicalPath);
  writeFileSync(file, page(parts.heads[path], html));
}
const notFound = await render('/404-page-not-found');
parts.heads['404'] = head(notFoundTitle);
writeFileSync(join(clientDir, '404.html'), page(parts.heads['404'], notFound.html));
writeFileSync(join(clientDir, '_shell.html'), page(head(config.site.siteName), ''));
writeFileSync(join(ssrDir, 'pages.json'), JSON.stringify(parts));
precompress(clientDir);
await writeStartImage(startImagePath(clientDir));
writeFileSync(stampFile(root), buildStamp(root));
console.log(
  `Built and prerendered ${prerenderedPages.length + 1} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
