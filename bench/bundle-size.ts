import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip size of the JS and CSS the home page loads (its stylesheet, the boot script and the entry
 * and chunks the boot script loads after the first paint),
 * against the DESIGN.md budget. Run `npm run build` first (npm start does it too).
 */
const clientDir = resolve(import.meta.dirname, '..', 'dist', 'client');
const homeFile = join(clientDir, 'index.html');
if (!existsSync(homeFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(homeFile, 'utf8');
const bootTag = /data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
const bootLoads = bootTag ? [bootTag[1]!, ...bootTag[2]!.split(' ').filter(Boolean)] : [];
const refs = [
  ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(js|css))"/g)].map((m) => [m[1]!, m[2]!]),
  ...bootLoads.map((path) => [path, 'js']),
];
const sizes = { js: 0, css: 0 };
const lines: string[] = [];
for (const [path, kind] of refs) {
  const gz = gzipSync(readFileSync(join(clientDir, path!)), { level: 9 }).length;
  sizes[kind as 'js' | 'css'] += gz;
  lines.push(`  ${path}  ${(gz / 1024).toFixed(1)} KB gzip`);
}
const budget = { js: 100, css: 25 };
console.log('Home page assets:');
console.log(lines.join('\n'));
for (const kind of ['js', 'css'] as const) {
  const kb = sizes[kind] / 1024;
  console.log(
    `${kind.toUpperCase()}: ${kb.toFixed(1)} KB gzip (budget ${budget[kind]} KB) ${kb <= budget[kind] ? 'OK' : 'OVER BUDGET'}`,
  );
}
const adminLeak = refs.some(([path]) => /admin|account|auth-page/i.test(path!));
console.log(
  `Customer/admin chunks loaded by the home page: ${adminLeak ? 'YES (fix this)' : 'none'}`,
);
