import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';

/**
 * What a back-office detail page is called once its data has come (a customer's name), for the
 * breadcrumbs the frame draws above it: pages live in features, the frame in app/, so the name
 * travels through this small store rather than through props.
 */
let named: { path: string; name: string } | null = null;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Names the page at the current address while it is shown. */
export function usePageName(name: string | undefined): void {
  const [location] = useLocation();
  useEffect(() => {
    if (!name) return;
    named = { path: location, name };
    tell();
    return () => {
      named = null;
      tell();
    };
  }, [location, name]);
}

/** The name the page at `location` gave itself, if it did. */
export function usePageNameOf(location: string): string | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => named,
    () => null,
  );
  return current?.path === location ? current.name : undefined;
}
