import { ChevronRight } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import { navEntries, paths } from '#shared/routes.ts';
import { usePageNameOf } from '../../lib/page-name.ts';

interface Crumb {
  label: string;
  href?: string;
}

/**
 * Where a page sits: Back office › its section › the item. A detail page is named by the
 * reference staff quote (TKT-…, WP-…) when its address carries one, else by the name it gave
 * itself (a customer's: lib/page-name.ts), else by the page's title.
 */
function trail(location: string, title: string, reference: string | undefined): Crumb[] {
  const home: Crumb = { label: 'Back office', href: paths.adminDashboard };
  const section = navEntries('admin').find(
    ({ href }) => location === href || location.startsWith(`${href}/`),
  );
  if (!section) return [home, { label: title }];
  if (section.href === location) return [home, { label: section.label }];
  return [home, { label: section.label, href: section.href }, { label: reference ?? title }];
}

export function BackOfficeBreadcrumbs({ title }: { title: string }) {
  const [location] = useLocation();
  const { reference } = useParams<{ reference?: string }>();
  const name = usePageNameOf(location);
  const crumbs = trail(location, title, reference ?? name);
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
        {crumbs.map((crumb, index) => (
          <li
            key={crumb.label}
            className="flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]"
          >
            {index > 0 && <ChevronRight className="size-4 shrink-0" aria-hidden="true" />}
            {crumb.href ? (
              <Link href={crumb.href} className="font-medium text-brand-700 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
