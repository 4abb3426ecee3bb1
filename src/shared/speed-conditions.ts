import { formatDateTime } from './dates.ts';
import { formatMilliseconds, formatNumber } from './numbers.ts';
import type { SpeedConditions, SpeedRequest } from './speed-reports.schemas.ts';

/**
 * How a run was measured, in one sentence for the page and the PDF (issue 33 §1): the device,
 * the network and processor Lighthouse simulated, its version and when.
 */
export function conditionsText(c: SpeedConditions): string {
  const device = c.formFactor === 'mobile' ? 'Tested as a mid-range phone' : 'Tested as a desktop';
  const network =
    c.rttMs !== null && c.throughputKbps !== null
      ? `on a simulated network of ${formatMilliseconds(c.rttMs)} round trip and ${formatNumber(c.throughputKbps / 1024, 1)} Mbit/s`
      : 'on the network as it was';
  const cpu =
    c.cpuSlowdown !== null && c.cpuSlowdown > 1
      ? `, processor slowed ${formatNumber(c.cpuSlowdown)}×`
      : '';
  return `${device} ${network}${cpu}; Lighthouse ${c.lighthouseVersion}, ${formatDateTime(c.fetchedAt)}.`;
}

/** A request's file name as a reader knows it: the last part of its path, or its host. */
export function requestName(request: Pick<SpeedRequest, 'url'>): string {
  try {
    const url = new URL(request.url);
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : url.host;
  } catch {
    return request.url;
  }
}
