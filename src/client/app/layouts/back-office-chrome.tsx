import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { cn } from '../../lib/cn.ts';
import { site } from '../../lib/site.ts';

/**
 * The back office's name beside the logo; it leads to the dashboard (a guard sends strangers to
 * sign in). `compact`: only the logo below 640 px, leaving the top bar to who is signed in.
 */
export function BackOfficeBrand({ className, compact }: { className?: string; compact?: boolean }) {
  return (
    <Link
      href={paths.adminDashboard}
      className={cn('flex min-w-0 items-center gap-2 font-extrabold text-brand-800', className)}
    >
      <img src="/logo.svg" alt="" width="32" height="32" className="shrink-0" />
      <span className={cn('min-w-0 leading-tight', compact && 'max-sm:sr-only')}>
        <span className="block truncate text-sm">{site.siteName}</span>
        <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
          Back office
        </span>
      </span>
    </Link>
  );
}

/** Back to the public site: the back office has none of its header or footer. */
export function ViewSiteLink({ className }: { className?: string }) {
  return (
    <Link
      href={paths.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50',
        className,
      )}
    >
      <ExternalLink className="size-4" aria-hidden="true" />
      View site
    </Link>
  );
}

/**
 * The frame of every back-office page, apart from the marketing site: a skip link, the top bar
 * across the page, then an optional sidebar (from 1024 px; phones open it from the top bar) beside
 * the main column. Every part sits in a landmark: the top bar, the sidebar's navigation, main.
 */
export function BackOfficeChrome({
  sidebar,
  topBar,
  children,
}: {
  sidebar?: ReactNode;
  topBar: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-surface">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-line bg-white/95 px-4 backdrop-blur sm:gap-3 sm:px-6">
        {topBar}
      </header>
      <div
        className={cn(
          sidebar !== undefined &&
            'lg:grid lg:min-h-[calc(100vh-4rem)] lg:grid-cols-[16rem_minmax(0,1fr)]',
        )}
      >
        {sidebar !== undefined && (
          <div className="hidden border-r border-line bg-white lg:block">
            <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto">{sidebar}</div>
          </div>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** /admin/login and /admin/setup: the back office's frame without its sections. */
export function BackOfficeSignInLayout({ children }: { children: ReactNode }) {
  return (
    <BackOfficeChrome
      topBar={
        <>
          <BackOfficeBrand />
          <ViewSiteLink className="ml-auto" />
        </>
      }
    >
      {children}
    </BackOfficeChrome>
  );
}
