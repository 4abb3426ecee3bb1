import { SpeedOptimizationPage } from '../features/marketing/pages/speed-optimization-page.tsx';
import { FullReportOrder } from '../features/speed-reports/components/full-report-order.tsx';
import { SpeedReportStart } from '../features/speed-reports/components/speed-report-start.tsx';

/** The speed-optimisation page with the speed-reports feature's address box in its header. */
export function SpeedOptimizationRoute() {
  return (
    <SpeedOptimizationPage
      speedTest={<SpeedReportStart size="lg" />}
      fullReport={<FullReportOrder />}
    />
  );
}
