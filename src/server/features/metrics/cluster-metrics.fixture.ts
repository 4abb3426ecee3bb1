import cluster from 'node:cluster';
import { answerMetricsRequests, processMetricsText } from './cluster-metrics.ts';
import { httpRequests } from './process-metrics.ts';

/**
 * A primary and two workers, as `WEB_CONCURRENCY=2` runs (for cluster-metrics.test.ts): worker
 * 1 counts 1 request and worker 2 counts 2, then worker 1 is scraped and its answer printed as
 * one JSON line. `node cluster-metrics.fixture.ts wired` wires the primary as serve.ts would;
 * without `wired` the primary never answers and the worker falls back to its own figures.
 */
const mode = process.argv[2] ?? '';
type Scraped = { type: 'fixture:scraped'; text: string };
const isScraped = (message: unknown): message is Scraped =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'fixture:scraped';

if (cluster.isPrimary) {
  if (mode === 'wired') answerMetricsRequests(cluster);
  cluster.setupPrimary({ exec: import.meta.filename, args: [mode] });
  const workers = [
    cluster.fork({ FIXTURE_REQUESTS: '1' }),
    cluster.fork({ FIXTURE_REQUESTS: '2' }),
  ];
  let ready = 0;
  cluster.on('message', (_worker, message: unknown) => {
    if (message === 'ready' && ++ready === workers.length) workers[0]!.send('scrape');
    if (isScraped(message)) {
      process.stdout.write(`${JSON.stringify({ text: message.text })}\n`);
      for (const worker of workers) worker.kill();
    }
  });
  setTimeout(() => {
    process.stderr.write('the fixture took too long\n');
    process.exit(2);
  }, 20_000).unref();
} else {
  httpRequests.inc(
    { method: 'GET', route: '/fixture', status: '2xx' },
    Number(process.env.FIXTURE_REQUESTS),
  );
  process.on('message', (message: unknown) => {
    if (message !== 'scrape') return;
    void processMetricsText({ timeoutMs: 1500 }).then((text) =>
      process.send!({ type: 'fixture:scraped', text } satisfies Scraped),
    );
  });
  process.send!('ready');
}
