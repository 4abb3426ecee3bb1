import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import type { PageQuery } from '#shared/page-queries.ts';
import { routeOf } from '#shared/routes.ts';
import { DeferredToaster } from '../components/ui/deferred-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { useSessionKeeper } from '../lib/session-keeper.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { AppRoutes } from './routes.tsx';
import { StaticLinks } from './static-links.tsx';

function SessionKeeper() {
  useSessionKeeper();
  return null;
}

/**
 * The marketing header and footer around every page but the back office's: its pages bring their
 * own frame with their code (app/layouts/admin-layout.tsx). An unknown /admin/… address is the
 * site's 404, as the server's prerendered 404 page is.
 */
function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const backOffice = /^\/admin(\/|$)/.test(location) && routeOf(location) !== undefined;
  return backOffice ? children : <PublicLayout>{children}</PublicLayout>;
}

/**
 * The whole client app; `ssrPath` is set when prerendering a page, `queries` when the page was
 * rendered with data (a help article, decision 036): the client starts with the same answers.
 */
export function App({ ssrPath, queries }: { ssrPath?: string; queries?: PageQuery[] | undefined }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    for (const query of queries ?? []) client.setQueryData(query.queryKey, query.data);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <SiteLayout>
          <AppRoutes />
        </SiteLayout>
        <StaticLinks />
      </Router>
      <SessionKeeper />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
