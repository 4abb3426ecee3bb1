import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { pathsOf, redirects, routeIds, routes, type Guard, type RouteId } from '#shared/routes.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { pages } from './pages.tsx';
import { useDocumentTitle } from './document-title.tsx';

function Open({ children }: { children: ReactNode; id: RouteId }) {
  return children;
}

const guards: Record<Guard, ComponentType<{ children: ReactNode; id: RouteId }>> = {
  public: Open,
  user: RequireUser,
  admin: RequireAdmin,
};

/**
 * Marks the document with the route whose page is on screen (`<html data-page="…">`): it is set
 * once the page has mounted, or hydrated on a prerendered page, so a test knows clicks reach it.
 */
function PageMarker({ id }: { id: RouteId | 'not-found' }) {
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.page = id;
    return () => {
      if (html.dataset.page === id) delete html.dataset.page;
    };
  }, [id]);
  return null;
}

/** The router: every route of the table on its path and aliases, behind its guard; else 404. */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {routeIds.flatMap((id) => {
          const Guarded = guards[routes[id].guard];
          const Page = pages[id];
          return pathsOf(id).map((path) => (
            <Route key={path} path={path}>
              <Guarded id={id}>
                <Page />
                <PageMarker id={id} />
              </Guarded>
            </Route>
          ));
        })}
        {Object.entries(redirects).map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
          <PageMarker id="not-found" />
        </Route>
      </Switch>
    </Suspense>
  );
}
