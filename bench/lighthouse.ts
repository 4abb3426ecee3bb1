import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { prerenderedPages } from '../src/shared/routes.ts';
import { freePort } from '../tests/helpers/free-port.ts';

/**
 * Lighthouse (mobile, its default settings: a mid-range phone on slow 4G, simulated) on every
 * public route of SPEC §2 and the domain-registration pages, against the built site served by the
 * production server (embedded database, local defaults) on 127.0.0.1, in Debian's Chromium.
 * Prints performance / accessibility / best practices / SEO and the total blocking time per route,
 * and the failing audits of any category under 100 (performance under 98). Build first: npm run
 * build.
 * Usage: npm run bench:lighthouse [-- /path /other-path]
 */
const only = process.argv.slice(2);
const paths = only.length > 0 ? only : prerenderedPages.map((page) => page.path);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: base,
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port });
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// Issue 28 raised the performance goal from DESIGN.md's 95 to 98.
const goal = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const goalText = Object.values(goal).join('/');
const rows: string[] = [];
const problems: string[] = [];
try {
  for (const path of paths) {
    const audit = () =>
      lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
    // Headless Chromium now and then loses a trace (NO_NAVSTART); that run scores nothing, so it
    // is run again rather than reported as a zero.
    let lhr = (await audit())!.lhr;
    for (let tries = 1; lhr.runtimeError && tries < 3; tries++) lhr = (await audit())!.lhr;
    const scores = categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    // Lighthouse slows this machine's CPU 4× to stand for a mid-range phone; how fast the machine
    // is (its benchmark index, ~1500 on the laptop Lighthouse tunes for) moves the score with it.
    const cpu = String(Math.round(lhr.environment.benchmarkIndex)).padStart(6);
    // Blocking time is what hydration costs; the score alone hides it on a fast machine.
    const tbt = `${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`.padStart(
      8,
    );
    rows.push(
      `${path.padEnd(34)} ${scores.map((s) => String(s).padStart(5)).join(' ')} ${tbt} ${cpu}`,
    );
    categories.forEach((category, i) => {
      if (scores[i]! >= goal[category]) return;
      for (const ref of lhr.categories[category]!.auditRefs) {
        const audit = lhr.audits[ref.id]!;
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          problems.push(`${path} ${category}: ${audit.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    });
    console.log(rows.at(-1));
  }
} finally {
  await chrome.kill();
  await app.close();
}
console.log(`\n${'route'.padEnd(34)}  perf  a11y    bp   seo      TBT  bench`);
for (const row of rows) console.log(row);
console.log(
  problems.length
    ? `\nBelow the goal (${goalText}):\n${problems.join('\n')}`
    : `\nEvery route meets ${goalText}.`,
);
