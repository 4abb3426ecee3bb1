import { adminProtectedRoutes } from '#shared/routes.ts';
import { Link, useLocation } from 'wouter';
import { cn } from '../../../lib/cn.ts';

const titles: Record<string, string> = {
  '/admin/dashboard': 'Dashboard',
  '/admin/support-tickets': 'Support tickets',
  '/admin/website-projects': 'Website projects',
  '/admin/domain-orders': 'Domain orders',
  '/admin/profit-analytics': 'Profit analytics',
  '/admin/dnsimple-management': 'DNSimple management',
  '/admin/database-management': 'Database management',
};

/** The back-office shell: a sidebar of the admin pages of SPEC §2 and the current page. */
export function AdminHomePage() {
  const [location] = useLocation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label="Back office" className="md:w-56">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {adminProtectedRoutes.map((path) => (
            <li key={path}>
              <Link
                href={path}
                aria-current={location === path ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50',
                  location === path && 'bg-brand-50 text-brand-700',
                )}
              >
                {titles[path]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex-1">
        <h1 className="text-3xl font-extrabold text-ink">{titles[location] ?? 'Back office'}</h1>
        <p className="mt-2 text-muted">Nothing needs your attention here yet.</p>
      </div>
    </div>
  );
}
