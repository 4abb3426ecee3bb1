import { statfs } from 'node:fs/promises';

export interface DiskUsage {
  /** How full the filesystem is for the app, as `df` reports it: used / (used + available). */
  usedPercent: number;
  /** Bytes the app may still write there. */
  freeBytes: number;
}

/**
 * The use of the filesystem holding `path`. Space reserved for root counts as neither used nor
 * available, as in `df`: the app, not running as root, cannot write it.
 */
export async function diskUsage(path: string): Promise<DiskUsage> {
  const stats = await statfs(path);
  const used = (stats.blocks - stats.bfree) * stats.bsize;
  const available = stats.bavail * stats.bsize;
  const total = used + available;
  return { usedPercent: total > 0 ? (used / total) * 100 : 0, freeBytes: available };
}
