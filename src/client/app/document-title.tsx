import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { documentTitle, routeOf } from '#shared/routes.ts';
import { site } from '../lib/site.ts';

/** The document title of a path, from the route table; the prerender writes the same one. */
export function titleFor(path: string): string {
  return documentTitle(routeOf(path), site.siteName);
}

/** Keeps document.title in step with client-side navigation. */
export function useDocumentTitle(): void {
  const [location] = useLocation();
  useEffect(() => {
    document.title = titleFor(location);
  }, [location]);
}
