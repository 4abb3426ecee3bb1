import type { ReactNode } from 'react';
import type { User } from '#shared/auth.schemas.ts';
import { formatDate } from '#shared/dates.ts';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * The customer dashboard: one page for every dashboard path of SPEC §2. Other features supply its
 * panels: `verification` (shown until the e-mail address is confirmed), `announcements` (what
 * the team announces now; renders nothing when there is none), `orders`, `quotes`, `payments`,
 * `credit` (account credit), `requests`, `tickets`, `projects`,
 * `registrations` (company registrations), `domains` and `businessPlans`.
 */
export function AccountPage({
  user,
  verification,
  announcements,
  orders,
  quotes,
  payments,
  credit,
  requests,
  tickets,
  projects,
  registrations,
  domains,
  businessPlans,
  compliance,
}: {
  user: User;
  verification: ReactNode;
  announcements: ReactNode;
  orders: ReactNode;
  quotes: ReactNode;
  payments: ReactNode;
  credit: ReactNode;
  requests: ReactNode;
  tickets: ReactNode;
  projects: ReactNode;
  registrations: ReactNode;
  domains: ReactNode;
  businessPlans: ReactNode;
  compliance: ReactNode;
}) {
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">
        {user.returning ? 'Welcome back' : 'Welcome'}, {firstName(user.fullName)}!
      </h1>
      <p className="mt-1 text-muted">Customer since {formatDate(user.createdAt)}</p>
      {!user.emailVerified && <div className="mt-6">{verification}</div>}
      {/* Empty when nothing is announced: the margin sits on its content only. */}
      <div className="mt-6 empty:hidden">{announcements}</div>
      {/* Columns that each card flows into at its own height: in a grid row the orders card
          stretched to the height of the cards stacked beside it and ended in an empty box. */}
      <div className="mt-8 gap-6 lg:columns-2">
        {Object.entries({
          orders,
          quotes,
          payments,
          credit,
          requests,
          tickets,
          projects,
          registrations,
          domains,
          businessPlans,
          compliance,
        }).map(([name, panel]) => (
          <div key={name} className="mb-6 break-inside-avoid">
            {panel}
          </div>
        ))}
      </div>
    </>
  );
}
