import { Card } from '../../../components/ui/card.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { useCompliance } from '../api/get-compliance.ts';
import { AddCompanyForm } from '../components/add-company-form.tsx';
import { CompanyCalendar } from '../components/company-calendar.tsx';

/** /user/compliance: the CIPC and SARS dates of the customer's companies, with reminders. */
export function CompliancePage() {
  const calendar = useCompliance();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Compliance calendar</h1>
      <p className="mt-1 max-w-2xl text-muted">
        Every date CIPC and SARS hold your company to, with the rule behind it. We e-mail you 30 and
        7 days before each one.
      </p>
      <div className="mt-6 grid gap-6">
        <QueryState query={calendar} label="your compliance calendar">
          {(data) =>
            data.companies.length === 0 ? (
              <EmptyState title="No companies yet">
                Add a company below to see its annual return, beneficial-ownership, provisional tax
                and VAT dates.
              </EmptyState>
            ) : (
              <div className="grid gap-6">
                {data.companies.map((company) => (
                  <CompanyCalendar key={company.id} company={company} />
                ))}
              </div>
            )
          }
        </QueryState>
        <Card>
          <h2 className="text-lg font-bold text-ink">Add a company</h2>
          <div className="mt-4">
            <AddCompanyForm />
          </div>
        </Card>
      </div>
    </>
  );
}
