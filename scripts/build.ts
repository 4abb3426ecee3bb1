import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { loadConfig } from '../src/server/config.ts';
import { pageFile, ssrDirOf, type PageParts } from '../src/server/plugins/web.ts';
import { pageDocument, pageHead, type PageSettings } from '../src/server/lib/page-document.ts';
import { pageDescriptions } from '../src/shared/page-descriptions.ts';
import { notFoundTitle, prerenderedPages } from '../src/shared/routes.ts';
import { siteGlobal } from '../src/shared/site.ts';
import { buildStamp, stampFile } from './build-stamp.ts';
import { newBuildFolder, putInPlace, withBuildLock } from './build-folder.ts';
import { startImagePath, writeStartImage } from '../src/db/start-image.ts';

/**
 * `npm run build` (and `npm start` when the sources changed): the client, its prerendered pages
 * and the page renderer, in a folder of their own that `dist` then points at. With `--if-stale`
 * it builds only when the sources differ from the current build's (checked under the lock, so a
 * second start waiting for a first one's build does not build again).
 */
const root = resolve(import.meta.dirname, '..');
const ifStale = process.argv.includes('--if-stale');
// The pages are written with this environment's site settings; a server started with other ones
// renders them again with its own (web.ts), so the build does not depend on where it runs.
const config = loadConfig({ ...process.env, PAYFAST_MODE: process.env.PAYFAST_MODE || 'sandbox' });
const settings: PageSettings = { site: config.site, publicUrl: config.publicUrl };

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

async function buildInto(folder: string): Promise<void> {
  const clientDir = join(folder, 'client');
  const ssrDir = ssrDirOf(clientDir);
  await build({ root, logLevel: 'warn', build: { outDir: clientDir } });
  await build({
    root,
    logLevel: 'warn',
    // The renderer only: the public files are the client's.
    publicDir: false,
    build: { ssr: 'src/client/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
  });

  (globalThis as Record<string, unknown>)[siteGlobal] = settings.site;
  const { render } = (await import(join(ssrDir, 'prerender.js'))) as {
    render: (path: string) => Promise<{ html: string; title: string }>;
  };
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  // The renderer stays in ssr/ with what it needs to make a page again: the server renders the
  // prerendered pages anew for catalogue edits (decision 015) and for other site settings.
  const parts: PageParts = { template, pages: {}, builtFor: settings };
  for (const { id, path, canonicalPath } of prerenderedPages) {
    const { html, title } = await render(path);
    const file = pageFile(clientDir, path);
    mkdirSync(dirname(file), { recursive: true });
    parts.pages[path] = { description: pageDescriptions[id], canonicalPath };
    writeFileSync(
      file,
      pageDocument(template, pageHead(settings, title, parts.pages[path]), html, settings.site),
    );
  }
  const notFound = await render('/404-page-not-found');
  parts.pages['404'] = {};
  writeFileSync(
    join(clientDir, '404.html'),
    pageDocument(template, pageHead(settings, notFoundTitle), notFound.html, settings.site),
  );
  writeFileSync(
    join(clientDir, '_shell.html'),
    pageDocument(template, pageHead(settings, settings.site.siteName), '', settings.site),
  );
  writeFileSync(join(ssrDir, 'pages.json'), JSON.stringify(parts));
  precompress(clientDir);
  await writeStartImage(startImagePath(clientDir));
  writeFileSync(join(folder, '.build-stamp'), buildStamp(root));
}

const started = Date.now();
await withBuildLock(root, async () => {
  const stamp = stampFile(root);
  if (ifStale && existsSync(stamp) && readFileSync(stamp, 'utf8') === buildStamp(root)) {
    console.log('The client build is current');
    return;
  }
  const folder = newBuildFolder(root);
  await buildInto(folder);
  putInPlace(root, folder);
  console.log(
    `Built and prerendered ${prerenderedPages.length + 1} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
