import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast.ts';

const Toaster = lazy(async () => ({ default: (await import('./toast.tsx')).Toaster }));

/**
 * Toasts only follow an interaction, so their code loads once the page is idle (or at the first
 * toast) instead of weighing on the first paint; a toast raised earlier waits in the store.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
