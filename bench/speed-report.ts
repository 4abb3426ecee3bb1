import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { speedReportSchema, type SpeedReport } from '../src/shared/speed-reports.schemas.ts';
import { startSpeedTestSite } from '../tests/helpers/speed-test-site.ts';

/**
 * Website speed reports end to end (issue 16 §3): the app on 127.0.0.1 with embedded PGlite,
 * real Lighthouse runs in Debian's Chromium against local test pages (a light and a heavy one,
 * let through with SPEED_REPORT_ALLOW_HOSTS=127.0.0.1 as only local use may). First N reports one
 * after another (wall time from the request to the finished report: median and p95; goal median
 * ≤ 20 s, p95 ≤ 45 s), then 5 requested at once: how long each waits in the queue with one
 * Chromium at a time (SPEED_REPORT_CONCURRENCY). Usage: npm run bench:speed-report [-- reports]
 */
const count = Number(process.argv[2] ?? 10);
const site = await startSpeedTestSite();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  RATE_LIMIT_ALLOW: '127.0.0.1',
  SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1',
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function ask(url: string): Promise<string> {
  const response = await fetch(`${base}/api/speed-reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ url }),
  });
  if (response.status !== 202) throw new Error(`POST answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

async function finished(id: string): Promise<SpeedReport> {
  for (;;) {
    const report = speedReportSchema.parse(
      await (await fetch(`${base}/api/speed-reports/${id}`)).json(),
    );
    if (report.status === 'done' || report.status === 'failed') return report;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(
  `${count} reports one after another, then 5 at once; Chromium at ${config.speedReports.chromePath}, ${config.speedReports.concurrency} at a time`,
);
const walls: number[] = [];
for (let i = 0; i < count; i++) {
  const page = i % 2 === 0 ? '/fast' : '/slow';
  const started = Date.now();
  const report = await finished(await ask(site.url(page)));
  const wall = Date.now() - started;
  walls.push(wall);
  console.log(
    `  ${String(i + 1).padStart(2)} ${page.padEnd(6)} ${report.status.padEnd(6)} performance ${String(report.mobile?.scores.performance ?? '–').padStart(3)}  measured ${seconds(report.durationMs ?? 0)}  wall ${seconds(wall)}${report.partial ? '  partial' : ''}`,
  );
}
console.log(
  `wall time per report: median ${seconds(percentile(walls, 50))}, p95 ${seconds(percentile(walls, 95))}, max ${seconds(Math.max(...walls))}`,
);

const burstStart = Date.now();
const ids = await Promise.all(
  Array.from({ length: 5 }, (_, i) => ask(site.url(i % 2 === 0 ? '/fast' : '/slow'))),
);
const burst = await Promise.all(ids.map(finished));
const waits = burst.map(
  (report) => new Date(report.startedAt!).getTime() - new Date(report.createdAt).getTime(),
);
const totals = burst.map(
  (report) => new Date(report.finishedAt!).getTime() - new Date(report.createdAt).getTime(),
);
console.log(
  `5 at once: queue wait ${waits.map(seconds).join(', ')} (median ${seconds(percentile(waits, 50))}, max ${seconds(Math.max(...waits))}); ` +
    `request to report: median ${seconds(percentile(totals, 50))}, max ${seconds(Math.max(...totals))}; all done in ${seconds(Date.now() - burstStart)}`,
);

await app.close();
await site.close();
