import nodeCluster, { type Cluster, type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { processRegistry } from './process-metrics.ts';

/**
 * /metrics under WEB_CONCURRENCY > 1: each worker counts only its own requests and calls, and a
 * scrape reaches one worker (they share the port). That worker asks the primary over IPC; the
 * primary collects every worker's figures with prom-client's AggregatorRegistry (its own IPC
 * messages to each worker) and answers with their sum. Without a cluster (WEB_CONCURRENCY=1,
 * or the primary not wired) the process's own figures are the whole answer.
 */

const askType = 'sebenza:metrics-ask';
const answerType = 'sebenza:metrics-answer';

interface MetricsAsk {
  type: typeof askType;
  id: number;
}

interface MetricsAnswer {
  type: typeof answerType;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is MetricsAsk =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === askType &&
  typeof (message as { id?: unknown }).id === 'number';

const isAnswer = (message: unknown): message is MetricsAnswer =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === answerType;

/**
 * For the PRIMARY, called once after it forks its workers: answers their requests for the
 * cluster's figures. Returns the function that stops answering.
 */
export function answerMetricsRequests(cluster: Cluster = nodeCluster): () => void {
  // Constructing it sets up prom-client's side of the primary (it gathers the workers' answers).
  const aggregator = new AggregatorRegistry();
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply = (answer: MetricsAnswer) => {
      // A worker that died while its request was out needs no answer.
      if (worker.isConnected()) worker.send(answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ type: answerType, id: message.id, text }),
      (error: unknown) =>
        reply({
          type: answerType,
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  };
  cluster.on('message', onMessage);
  return () => {
    cluster.off('message', onMessage);
  };
}

// In a worker, from the moment the app's modules load (before migrations, which may wait on
// another worker's): prom-client answers the primary's request for this process's figures.
// A worker that does not answer holds up the primary's aggregate until prom-client's 5 s limit.
if (nodeCluster.isWorker) {
  AggregatorRegistry.setRegistries([processRegistry]);
  new AggregatorRegistry();
}

let lastAsk = 0;

/** Asks the primary for the cluster's figures; rejects after `timeoutMs` or on its error. */
function askPrimary(timeoutMs: number): Promise<string> {
  const id = ++lastAsk;
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const onMessage = (message: unknown) => {
      if (!isAnswer(message) || message.id !== id) return;
      finish();
      if (typeof message.text === 'string') resolve(message.text);
      else reject(new Error(message.error ?? 'the primary sent no metrics'));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`the primary did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    process.on('message', onMessage);
    try {
      process.send!({ type: askType, id } satisfies MetricsAsk);
    } catch (error) {
      finish();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * The per-process figures as /metrics shows them: in a cluster worker, the sum over every worker
 * (asked of the primary); if the primary does not answer within `timeoutMs` (not wired, a worker
 * stuck, the primary busy), this worker's own, so a scrape still gets an answer —
 * `sebenza_metrics_processes` then says 1. Outside a cluster, this process's own.
 */
export async function processMetricsText(
  options: { timeoutMs?: number; onFallback?: (why: Error) => void } = {},
): Promise<string> {
  if (!nodeCluster.isWorker || !process.send) return processRegistry.metrics();
  try {
    return await askPrimary(options.timeoutMs ?? 3000);
  } catch (error) {
    options.onFallback?.(error instanceof Error ? error : new Error(String(error)));
    return processRegistry.metrics();
  }
}
