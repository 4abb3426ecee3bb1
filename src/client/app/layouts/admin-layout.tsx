import type { ReactNode } from 'react';
import {
  BarChart3,
  Database,
  FileText,
  FolderKanban,
  Gauge,
  Repeat,
  Globe,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  ListRestart,
  LogOut,
  Mail,
  Scale,
  ScrollText,
  Server,
  Tags,
} from 'lucide-react';
import type { NavRouteId } from '#shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { navLinks, SideNavLinks, type SideNavIcon } from '../../components/side-nav-links.tsx';
import { useAdminSessionKeeper, useAdminSignOut } from '../../lib/admin-session.ts';
import { useAdminStatus } from '../../lib/current-admin.ts';

/** The back office's sections come from the route table; only their icons are chosen here. */
const icons: Record<NavRouteId<'admin'>, SideNavIcon> = {
  adminDashboard: LayoutDashboard,
  adminServiceRequests: Inbox,
  adminSupportTickets: LifeBuoy,
  adminWebsiteProjects: FolderKanban,
  adminBusinessPlans: FileText,
  adminDomainOrders: Globe,
  adminProfitAnalytics: BarChart3,
  adminReconciliation: Scale,
  adminSubscriptions: Repeat,
  adminCatalogue: Tags,
  adminDnsimple: Server,
  adminDatabase: Database,
  adminOutbox: Mail,
  adminJobs: ListRestart,
  adminSpeedReports: Gauge,
  adminAuditLog: ScrollText,
};

const backOfficeSections = navLinks('admin', icons);

/** The back office's frame: the sections, who is signed in, sign-out; keeps the session fresh. */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  const { admin } = useAdminStatus();
  const signOut = useAdminSignOut();
  useAdminSessionKeeper(admin !== null);
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="Back office" className="min-w-0">
        <p className="mb-3 hidden text-xs font-semibold tracking-wide text-muted uppercase lg:block">
          Back office
        </p>
        <SideNavLinks links={backOfficeSections} />
        <div className="mt-4 hidden border-t border-line pt-4 text-sm lg:block">
          <p className="text-muted">Signed in as</p>
          <p className="font-semibold [overflow-wrap:anywhere] text-ink">{admin?.name}</p>
        </div>
      </nav>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-extrabold text-ink">{title}</h1>
          <Button
            variant="outline"
            size="sm"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
