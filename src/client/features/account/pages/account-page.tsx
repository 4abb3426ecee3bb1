import type { ReactNode } from 'react';
import type { User } from '#shared/auth.schemas.ts';
import { formatDate } from '#shared/dates.ts';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * The customer dashboard: one page for every dashboard path of SPEC §2. Other features supply its
 * panels: `verification` (shown until the e-mail address is confirmed), `orders`, `payments`,
 * `credit` (account credit), `requests`, `tickets`, `projects`, `domains` and `businessPlans`.
 */
export function AccountPage({
  user,
  verification,
  orders,
  payments,
  credit,
  requests,
  tickets,
  projects,
  domains,
  businessPlans,
}: {
  user: User;
  verification: ReactNode;
  orders: ReactNode;
  payments: ReactNode;
  credit: ReactNode;
  requests: ReactNode;
  tickets: ReactNode;
  projects: ReactNode;
  domains: ReactNode;
  businessPlans: ReactNode;
}) {
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">
        {user.returning ? 'Welcome back' : 'Welcome'}, {firstName(user.fullName)}!
      </h1>
      <p className="mt-1 text-muted">Customer since {formatDate(user.createdAt)}</p>
      {!user.emailVerified && <div className="mt-6">{verification}</div>}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {orders}
        <div className="grid content-start gap-6">
          {payments}
          {credit}
          {requests}
          {tickets}
          {projects}
          {domains}
          {businessPlans}
        </div>
      </div>
    </>
  );
}
