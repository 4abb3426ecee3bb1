import type { ReactNode } from 'react';
import {
  BarChart3,
  Database,
  FolderKanban,
  Globe,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Mail,
  ScrollText,
  Server,
} from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { SideNavLinks } from '../../../components/side-nav-links.tsx';
import { useAdminSessionKeeper, useAdminSignOut } from '../../../lib/admin-session.ts';
import { useAdminStatus } from '../../../lib/current-admin.ts';

export const backOfficeSections = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/admin/service-requests', label: 'Service requests', icon: Inbox },
  { href: '/admin/support-tickets', label: 'Support tickets', icon: LifeBuoy },
  { href: '/admin/website-projects', label: 'Website projects', icon: FolderKanban },
  { href: '/admin/domain-orders', label: 'Domain orders', icon: Globe },
  { href: '/admin/profit-analytics', label: 'Profit analytics', icon: BarChart3 },
  { href: '/admin/dnsimple-management', label: 'DNSimple management', icon: Server },
  { href: '/admin/database-management', label: 'Database management', icon: Database },
  { href: '/admin/outbox', label: 'Outbox (mail)', icon: Mail },
  { href: '/admin/audit-log', label: 'Audit log', icon: ScrollText },
];

/** The back office's frame: the sections, who is signed in, sign-out; keeps the session fresh. */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
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
