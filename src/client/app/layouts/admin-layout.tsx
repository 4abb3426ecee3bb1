import { useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useLocation } from 'wouter';
import {
  AlarmClock,
  BarChart3,
  BookOpen,
  Building2,
  CalendarClock,
  Contact,
  Database,
  FileCheck2,
  FileSpreadsheet,
  FileText,
  FolderKanban,
  Gauge,
  Receipt,
  Repeat,
  Globe,
  Inbox,
  Landmark,
  LayoutDashboard,
  LifeBuoy,
  ListRestart,
  LogOut,
  Mail,
  Mails,
  Megaphone,
  Menu,
  Scale,
  ScrollText,
  Server,
  ShieldCheck,
  Tags,
  TicketPercent,
  Users,
  X,
} from 'lucide-react';
import type { Admin } from '#shared/admin.schemas.ts';
import { isOwnerOnly, routeOf, type NavRouteId } from '#shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { navLinks, SideNavLinks, type SideNavIcon } from '../../components/side-nav-links.tsx';
import { useAdminSessionKeeper, useAdminSignOut } from '../../lib/admin-session.ts';
import { useAdminStatus } from '../../lib/current-admin.ts';
import { BackOfficeBreadcrumbs } from './back-office-breadcrumbs.tsx';
import { OwnersOnly } from './owners-only.tsx';
import { BackOfficeBrand, BackOfficeChrome, ViewSiteLink } from './back-office-chrome.tsx';

/** The back office's sections come from the route table; only their icons are chosen here. */
const icons: Record<NavRouteId<'admin'>, SideNavIcon> = {
  adminDashboard: LayoutDashboard,
  adminCustomers: Contact,
  adminInvoices: Receipt,
  adminServiceRequests: Inbox,
  adminSupportTickets: LifeBuoy,
  adminAnnouncements: Megaphone,
  adminHelp: BookOpen,
  adminWebsiteProjects: FolderKanban,
  adminRegistrations: Building2,
  adminComplianceFilings: FileCheck2,
  adminBusinessPlans: FileText,
  adminDomainOrders: Globe,
  adminProfitAnalytics: BarChart3,
  adminReports: FileSpreadsheet,
  adminReconciliation: Scale,
  adminBankTransfers: Landmark,
  adminSubscriptions: Repeat,
  adminMailTemplates: Mails,
  adminCatalogue: Tags,
  adminCoupons: TicketPercent,
  adminPastDue: AlarmClock,
  adminDunning: CalendarClock,
  adminDnsimple: Server,
  adminDatabase: Database,
  adminOutbox: Mail,
  adminJobs: ListRestart,
  adminSpeedReports: Gauge,
  adminAuditLog: ScrollText,
  adminAdministrators: Users,
  adminTwoFactor: ShieldCheck,
};

const backOfficeSections = navLinks('admin', icons);

/** The sections: the sidebar on wide screens, the drawer (with the way back to the site) on phones. */
function Sections({ column, onNavigate }: { column?: boolean; onNavigate?: () => void }) {
  const { admin } = useAdminStatus();
  // Staff do not see the owners' sections (the server refuses them those pages' data anyway).
  const links = backOfficeSections.filter((link) => !link.ownerOnly || admin?.role === 'owner');
  return (
    <nav aria-label="Back office" className="p-3">
      <SideNavLinks links={links} column={column} onNavigate={onNavigate} />
    </nav>
  );
}

/** Below 1024 px the sections open in a drawer from the left (focus kept inside, Escape closes). */
function SectionsDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" aria-label="Sections">
          <Menu aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl lg:hidden"
        >
          <div className="flex h-16 shrink-0 items-center gap-2 border-b border-line px-4">
            <DialogPrimitive.Title className="sr-only">Back office sections</DialogPrimitive.Title>
            <BackOfficeBrand />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="ml-auto" aria-label="Close sections">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <Sections column onNavigate={() => setOpen(false)} />
          <div className="mt-auto border-t border-line p-3">
            <ViewSiteLink className="w-full" />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/** Who is signed in (e-mail and role from 640 px), and the sign-out button. */
function SignedInAdmin({ admin }: { admin: Admin }) {
  const signOut = useAdminSignOut();
  return (
    <div className="flex min-w-0 items-center gap-3 max-sm:ml-auto sm:border-l sm:border-line sm:pl-3">
      <span
        aria-hidden="true"
        className="hidden size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 sm:grid"
      >
        {initials(admin.name)}
      </span>
      <p className="min-w-0 text-sm leading-tight">
        <span className="sr-only">Signed in as </span>
        <span className="block truncate font-semibold text-ink">{admin.name}</span>
        <span className="hidden truncate text-xs text-muted sm:block">
          {admin.email} · <span className="capitalize">{admin.role}</span>
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="max-sm:w-8 max-sm:px-0"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" />
        <span className="max-sm:sr-only">Sign out</span>
      </Button>
    </div>
  );
}

/**
 * The back office's frame around a page: sections, who is signed in and sign-out, breadcrumbs and
 * the page's h1 (`heading: 'page'` when the page writes its own, e.g. a plan's name); it keeps the
 * session fresh.
 */
export function AdminLayout({
  title,
  heading = 'frame',
  children,
}: {
  title: string;
  heading?: 'frame' | 'page';
  children: ReactNode;
}) {
  const { admin } = useAdminStatus();
  useAdminSessionKeeper(admin !== null);
  const [location] = useLocation();
  const page = routeOf(location);
  const ownersPage = page !== undefined && isOwnerOnly(page) && admin?.role !== 'owner';
  return (
    <BackOfficeChrome
      sidebar={<Sections />}
      topBar={
        <>
          <SectionsDrawer />
          <BackOfficeBrand compact />
          <ViewSiteLink className="ml-auto max-sm:hidden" />
          {admin && <SignedInAdmin admin={admin} />}
        </>
      }
    >
      <BackOfficeBreadcrumbs title={title} />
      {(heading === 'frame' || ownersPage) && (
        <h1 className="mt-2 text-3xl font-extrabold text-ink">{title}</h1>
      )}
      <div className="mt-6">{ownersPage ? <OwnersOnly /> : children}</div>
    </BackOfficeChrome>
  );
}
