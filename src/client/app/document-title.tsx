import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { documentTitle, routeOf, routes } from '#shared/routes.ts';
import { usePageNameOf } from '../lib/page-name.ts';
import { site } from '../lib/site.ts';

/** The document title of a path, from the route table; the prerender writes the same one. */
export function titleFor(path: string): string {
  return documentTitle(routeOf(path), site.siteName);
}

/**
 * Keeps document.title in step with client-side navigation. A public page that names itself (a
 * help article) is titled by that name, as the server titled it.
 */
export function useDocumentTitle(): void {
  const [location] = useLocation();
  const name = usePageNameOf(location);
  const id = routeOf(location);
  const named = name && id && routes[id].guard === 'public' ? name : undefined;
  useEffect(() => {
    document.title = named ? `${named} | ${site.siteName}` : titleFor(location);
  }, [location, named]);
}
