import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { CreditCard, FileText, Globe, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSignOut } from '../../../lib/sign-out.ts';

const links = [
  { href: paths.userDashboard, label: 'Dashboard', icon: LayoutDashboard },
  { href: paths.userPayments, label: 'Payments', icon: CreditCard },
  { href: paths.userDomains, label: 'Domains', icon: Globe },
  { href: paths.userBusinessPlans, label: 'Business plans', icon: FileText },
  { href: paths.userSettings, label: 'Settings', icon: Settings },
];

/** The customer area's frame: its navigation and the sign-out button beside every page. */
export function AccountShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const signOut = useSignOut();
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="My account" className="min-w-0 lg:pt-2">
        <ul
          data-scrolls
          className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible"
        >
          {links.map(({ href, label, icon: Icon }) => (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={location === href ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50',
                  location === href && 'bg-brand-50 text-brand-800',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
          <li className="shrink-0 lg:mt-4 lg:border-t lg:border-line lg:pt-4">
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-start gap-2 px-3 font-medium"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              <LogOut className="size-4" aria-hidden="true" />
              Sign out
            </Button>
          </li>
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
