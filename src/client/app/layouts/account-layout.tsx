import type { ReactNode } from 'react';
import {
  CalendarCheck,
  CreditCard,
  FileText,
  FolderKanban,
  Gauge,
  Globe,
  Building2,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Settings,
} from 'lucide-react';
import type { NavRouteId } from '#shared/routes.ts';
import {
  navLinks,
  SideNavLinks,
  sideNavItemClass,
  type SideNavIcon,
} from '../../components/side-nav-links.tsx';
import { cn } from '../../lib/cn.ts';
import { useUser } from '../../lib/current-user.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { ViewAsBanner } from './view-as-banner.tsx';

/** The customer area's sections come from the route table; only their icons are chosen here. */
const icons: Record<NavRouteId<'account'>, SideNavIcon> = {
  userDashboard: LayoutDashboard,
  userPayments: CreditCard,
  userDomains: Globe,
  userBusinessPlans: FileText,
  userSupport: LifeBuoy,
  userSpeedReports: Gauge,
  userProjects: FolderKanban,
  userRegistrations: Building2,
  userCompliance: CalendarCheck,
  userSettings: Settings,
};

const links = navLinks('account', icons);

/**
 * The customer area's frame: its navigation and the sign-out button beside every page; while a
 * team member views the area as the customer, their banner with its Exit instead of signing out.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const signOut = useSignOut();
  const { user } = useUser();
  const viewed = user?.viewedBy !== undefined;
  return (
    <>
      {user?.viewedBy && <ViewAsBanner customerName={user.fullName} />}
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="My account" className="min-w-0 lg:pt-2">
          <SideNavLinks
            links={links}
            after={
              !viewed && (
                <li className="shrink-0 lg:mt-4 lg:border-t lg:border-line lg:pt-4">
                  <button
                    type="button"
                    className={cn(
                      sideNavItemClass,
                      'text-ink focus-visible:outline-3 focus-visible:outline-accent-400 disabled:opacity-60',
                    )}
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate()}
                  >
                    <LogOut className="size-4" aria-hidden="true" />
                    Sign out
                  </button>
                </li>
              )
            }
          />
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </>
  );
}
