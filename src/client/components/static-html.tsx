import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Parts of a prerendered page that never hydrate (decision 023). The server renders them as usual;
 * while the client hydrates the page, they suspend on a promise that never settles, so React keeps
 * the server's HTML inside their Suspense boundary and spends no work on them: no components, no
 * handlers, no effects. Their links are followed by `StaticLinks` (app/static-links.tsx). Rendered
 * any other way (a client-side navigation, a client render after a hydration error, the server),
 * they render their children as any component does.
 */
let keepServerHtml = false;

/** Called by the client's boot just before it hydrates a prerendered page. */
export function keepStaticHtmlWhileHydrating(): void {
  keepServerHtml = true;
}

const never = new Promise<never>(() => {});
const noSubscription = () => () => {};

function Hold({ children }: { children: ReactNode }) {
  // React reads the server snapshot only while hydrating: the one public way to tell.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (keepServerHtml && hydrating) use(never);
  return children;
}

/** Content that stays as the prerendered HTML: nothing inside may need JavaScript to work. */
export function StaticHtml({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Hold>{children}</Hold>
    </Suspense>
  );
}
