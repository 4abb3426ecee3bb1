import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Card, CardDescription } from '../../../components/ui/card.tsx';

const panels = [
  {
    title: 'Orders',
    empty: 'No orders yet. Browse our services to place your first one.',
    href: paths.services,
    cta: 'Browse services',
  },
  {
    title: 'Payments',
    empty: 'Your card payments and tax invoices will be listed here.',
    href: paths.userPayments,
    cta: 'Payment history',
  },
  {
    title: 'Domains',
    empty: 'You have no domains yet. Search for the name you want.',
    href: paths.buyDomain,
    cta: 'Find a domain',
  },
  {
    title: 'Business plans',
    empty: 'Order a business plan and follow its progress here.',
    href: paths.businessPlan,
    cta: 'About business plans',
  },
  {
    title: 'Support tickets',
    empty: 'Need help? Contact us and your conversation will show here.',
    href: paths.contact,
    cta: 'Contact support',
  },
];

/** The customer dashboard: one page for every dashboard path of SPEC §2. */
export function AccountPage({ fullName }: { fullName: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-ink">Welcome, {fullName}</h1>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
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
    </div>
  );
}
