import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { navEntries, type NavArea, type NavRouteId } from '#shared/routes.ts';
import { cn } from '../lib/cn.ts';

export type SideNavIcon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export interface SideNavLink {
  href: string;
  label: string;
  icon: SideNavIcon;
  /** A back-office section only owners see. */
  ownerOnly?: boolean;
}

/** A side navigation's links from the route table, with an icon for each (a missing one fails tsc). */
export function navLinks<A extends NavArea>(
  area: A,
  icons: Record<NavRouteId<A>, SideNavIcon>,
): SideNavLink[] {
  return navEntries(area).map(({ href, label, id, ownerOnly }) => ({
    href,
    label,
    icon: icons[id],
    ownerOnly,
  }));
}

/** One item of the side navigation (a link, or the sign-out button beside them). */
export const sideNavItemClass =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50';

/**
 * The section list of the customer and admin areas: a column on wide screens, a row that scrolls
 * sideways on narrow ones (`column` keeps it a column, as in the back office's drawer). `after`
 * adds items (e.g. sign-out) at the end; `onNavigate` runs when a link is followed.
 */
export function SideNavLinks({
  links,
  after,
  column = false,
  onNavigate,
}: {
  links: SideNavLink[];
  after?: ReactNode;
  column?: boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  return (
    <ul
      data-scrolls={column ? undefined : true}
      className={cn(
        'flex gap-1',
        column ? 'flex-col' : 'overflow-x-auto pb-1 lg:flex-col lg:overflow-visible',
      )}
    >
      {links.map(({ href, label, icon: Icon }) => {
        // A section stays marked on its detail pages (a ticket under Support tickets).
        const current = location === href ? 'page' : location.startsWith(`${href}/`) || undefined;
        return (
          <li key={href} className="shrink-0">
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={current}
              className={cn(sideNavItemClass, current ? 'bg-brand-50 text-brand-800' : 'text-ink')}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Link>
          </li>
        );
      })}
      {after}
    </ul>
  );
}
