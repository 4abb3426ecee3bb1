import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from '../../../../tests/helpers/prometheus-text.ts';

/**
 * Metrics across a real cluster (cluster.fork, IPC): a scrape reaching one worker shows what
 * every worker counted once the primary is wired with answerMetricsRequests, and that worker's
 * own figures when the primary does not answer.
 */
const fixture = join(import.meta.dirname, 'cluster-metrics.fixture.ts');

async function scrapeCluster(mode: 'wired' | 'unwired') {
  const child = spawn(process.execPath, [fixture, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const line = out.split('\n').find((text) => text.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`fixture ended ${code}: ${err}${out}`);
  return parsePrometheusText((JSON.parse(line) as { text: string }).text);
}

const fixtureRequests = { method: 'GET', route: '/fixture', status: '2xx' };

describe('cluster metrics', () => {
  it('adds up every worker when the primary answers', async () => {
    const samples = await scrapeCluster('wired');
    expect(sampleValue(samples, 'sebenza_http_requests_total', fixtureRequests)).toBe(3);
    expect(sampleValue(samples, 'sebenza_metrics_processes')).toBe(2);
  }, 30_000);

  it("falls back to the scraped worker's own figures when the primary does not answer", async () => {
    const samples = await scrapeCluster('unwired');
    expect(sampleValue(samples, 'sebenza_http_requests_total', fixtureRequests)).toBe(1);
    expect(sampleValue(samples, 'sebenza_metrics_processes')).toBe(1);
  }, 30_000);
});
