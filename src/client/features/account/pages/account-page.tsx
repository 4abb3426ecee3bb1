import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { User } from '#shared/auth.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { Card, CardDescription } from '../../../components/ui/card.tsx';

const panels = [
  {
    title: 'Business plans',
    empty: 'No business plans yet. Order one and follow its progress here.',
    href: paths.businessPlan,
    cta: 'About business plans',
  },
];

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * The customer dashboard: one page for every dashboard path of SPEC §2. Other features supply its
 * panels: `verification` (shown until the e-mail address is confirmed), `orders`, `payments`,
 * `requests`, `tickets`, `projects` and `domains`.
 */
export function AccountPage({
  user,
  verification,
  orders,
  payments,
  requests,
  tickets,
  projects,
  domains,
}: {
  user: User;
  verification: ReactNode;
  orders: ReactNode;
  payments: ReactNode;
  requests: ReactNode;
  tickets: ReactNode;
  projects: ReactNode;
  domains: ReactNode;
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
          {requests}
          {tickets}
          {projects}
          {domains}
        </div>
      </div>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {panels.map((panel) => (
          <li key={panel.title}>
            <Card className="h-full">
              <h2 className="text-lg font-bold text-ink">{panel.title}</h2>
              <CardDescription className="mt-2">{panel.empty}</CardDescription>
              <Link
                href={panel.href}
                className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
              >
                {panel.cta}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
