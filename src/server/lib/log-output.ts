import type { Writable } from 'node:stream';
import type { Config } from '../config.ts';

/**
 * Where the server's log lines go. `pretty` (development, or a terminal): one readable line per
 * event through pino-pretty, written in this thread as each event happens (no worker thread to
 * start, none to lose the last lines at exit); `json`: undefined, pino's JSON lines on standard
 * output for a log reader. The cluster's primary writes through the same, so its lines read like
 * its workers'.
 */
export async function logOutput(
  format: Config['logFormat'],
  destination?: Writable,
): Promise<Writable | undefined> {
  if (format !== 'pretty') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    // The request line's message already says its method, path, status and time.
    ignore: 'pid,hostname,method,url,status,ms',
    ...(destination ? { destination } : {}),
  });
}
