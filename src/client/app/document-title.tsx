import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { notFoundTitle, publicPages } from '#shared/routes.ts';
import { site } from '../lib/site.ts';

/** The document title of a path; the prerender writes the same one into the HTML. */
export function titleFor(path: string, fallback?: string): string {
  const page = publicPages.find((p) => p.path === path);
  if (!page) return fallback ?? notFoundTitle;
  return path === '/' ? `${site.siteName} | ${page.title}` : `${page.title} | ${site.siteName}`;
}

/** Keeps document.title in step with client-side navigation. */
export function useDocumentTitle(fallback?: string): void {
  const [location] = useLocation();
  useEffect(() => {
    document.title = titleFor(location, fallback);
  }, [location, fallback]);
}
