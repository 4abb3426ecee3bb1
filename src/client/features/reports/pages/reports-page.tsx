import { AgedDebtorsSection } from '../components/aged-debtors-section.tsx';
import { CustomerRevenueSection } from '../components/customer-revenue-section.tsx';
import { RecurringRevenueSection } from '../components/recurring-revenue-section.tsx';
import { ServiceRevenueSection } from '../components/service-revenue-section.tsx';
import { VatReturnSection } from '../components/vat-return-section.tsx';

/** /admin/reports: the owners' reports, each with its figures as a CSV download. */
export function ReportsPage() {
  return (
    <div className="grid gap-10">
      <VatReturnSection />
      <AgedDebtorsSection />
      <RecurringRevenueSection />
      <CustomerRevenueSection />
      <ServiceRevenueSection />
    </div>
  );
}
