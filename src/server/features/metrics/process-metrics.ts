import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '#db/client.ts';

/**
 * What each process measures of itself: its requests, its calls to the outside services, its
 * database pool, Node's own figures. In a cluster the primary adds these up over the workers
 * (cluster-metrics.ts), so nothing here may ask the database: that would be counted once per
 * worker. Module-level on purpose: a process has one of each, whatever number of apps it builds
 * (the tests build many), and prom-client refuses a second metric of the same name.
 */
export const processRegistry = new Registry();

collectDefaultMetrics({ register: processRegistry });

export const httpRequests = new Counter({
  name: 'sebenza_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: 'sebenza_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status'] as const,
  // The API's budget is a p99 under 25 ms; pages and PDFs take longer.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** The outside services whose calls are counted (at their port: observe-port.ts). */
export type Integration = 'registrar' | 'mail' | 'payfast';

/**
 * `unavailable`: no usable answer (network, timeout, 5xx, 429), worth trying again; `refused`:
 * the service answered no (4xx, a rejected recipient), which trying again will not change.
 */
export type IntegrationErrorKind = 'unavailable' | 'refused';

export const integrationCalls = new Counter({
  name: 'sebenza_integration_calls_total',
  help: 'Calls to the registrar, the mail server and PayFast, by operation.',
  labelNames: ['integration', 'operation'] as const,
  registers: [processRegistry],
});

export const integrationErrors = new Counter({
  name: 'sebenza_integration_errors_total',
  help: 'Failed calls to the registrar, the mail server and PayFast, by operation and kind (unavailable: try again; refused: the service said no).',
  labelNames: ['integration', 'operation', 'kind'] as const,
  registers: [processRegistry],
});

export const itnConfirmationLag = new Histogram({
  name: 'sebenza_itn_confirmation_lag_seconds',
  help: 'Time from a payment notification (PayFast ITN) being received to its verdict (confirmed with PayFast or refused), by verdict.',
  labelNames: ['verdict'] as const,
  // Seconds normally; hours while PayFast's validate endpoint is down (tried for 24 h).
  buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
  registers: [processRegistry],
});

/** The pools of the databases open in this process (one in production; several in tests). */
const pools = new Set<() => PoolUse>();

/** Counts a database's pool in this process's figures until the returned function is called. */
export function watchPool(poolUse: () => PoolUse): () => void {
  pools.add(poolUse);
  return () => pools.delete(poolUse);
}

const poolFigures = (): PoolUse => {
  const sum: PoolUse = { total: 0, idle: 0, waiting: 0, max: 0 };
  for (const read of pools) {
    const now = read();
    sum.total += now.total;
    sum.idle += now.idle;
    sum.waiting += now.waiting;
    sum.max += now.max;
  }
  return sum;
};

new Gauge({
  name: 'sebenza_db_pool_connections',
  help: 'PostgreSQL connections of this process pool (summed over the workers): in use, idle, and requests waiting for one. Absent on the embedded database (PGlite), which is one connection inside the process.',
  labelNames: ['state'] as const,
  registers: [processRegistry],
  collect() {
    this.reset();
    if (pools.size === 0) return;
    const { total, idle, waiting } = poolFigures();
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

new Gauge({
  name: 'sebenza_db_pool_max',
  help: 'The most PostgreSQL connections the pools may open (summed over the workers).',
  registers: [processRegistry],
  collect() {
    this.reset();
    if (pools.size > 0) this.set(poolFigures().max);
  },
});

new Gauge({
  name: 'sebenza_metrics_processes',
  help: 'Processes whose figures this scrape adds up: the workers that answered (1 without a cluster, or when the primary did not answer in time).',
  registers: [processRegistry],
  collect() {
    this.set(1);
  },
});
