import type { SpeedReportsConfig } from '../../config.ts';
import { pricePackage, speedReportPackage } from '../catalogue/package-pricing.service.ts';
import type { OrderLineKind } from '../orders/order-lines.service.ts';
import { checkSpeedReportAddress, startPaidSpeedReports } from './speed-reports.service.ts';

/**
 * The R199 full speed report: the website it measures goes into the cart with it, under the
 * same public-address rules as a free report (a private address is refused when it is priced).
 * A payment makes it a purchase and queues its first report.
 */
export function speedReportLineKind(
  config: Pick<SpeedReportsConfig, 'allowHosts'>,
): OrderLineKind<'speed-report'> {
  return {
    async price(db, line) {
      const site = await checkSpeedReportAddress(config, line.url);
      const priced = await pricePackage(db, speedReportPackage, [], 'speed-optimization');
      return {
        type: line.type,
        title: `${priced.title} for ${new URL(site.url).host}`,
        packageId: speedReportPackage,
        addOnIds: [],
        quantity: 1,
        unitPriceCents: priced.unitPriceCents,
        totalCents: priced.unitPriceCents,
        details: { url: site.url },
      };
    },
    fulfil: (tx, line, { order }) =>
      startPaidSpeedReports(tx, { userId: order.userId, items: [line] }),
  };
}
