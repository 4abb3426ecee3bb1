import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { routeOf } from '#shared/routes.ts';

/**
 * Follows a click on a link in a static part of the page (`data-static`, decision 023) as a
 * `<Link>` would: a page of the app opens without a page load. On a prerendered page React never
 * hydrated that part, and it stops such a click in its capture phase, so the listener sits in the
 * capture phase of the document, before React's. Rendered in the browser, the same links are
 * `<Link>`s, which leave a click whose default is prevented alone. Anything else (another site, a
 * file, a new tab, an anchor on this page) is left to the browser.
 */
export function StaticLinks() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest('[data-static] a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) {
        return;
      }
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || routeOf(url.pathname) === undefined) return;
      if (url.pathname === window.location.pathname && url.hash) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', follow, { capture: true });
    return () => document.removeEventListener('click', follow, { capture: true });
  }, [navigate]);
  return null;
}
