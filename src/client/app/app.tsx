import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { DeferredToaster } from '../components/ui/deferred-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { useSessionKeeper } from '../lib/session-keeper.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { AppRoutes } from './routes.tsx';

function SessionKeeper() {
  useSessionKeeper();
  return null;
}

/** The whole client app; `ssrPath` is set when prerendering a page at build time. */
export function App({ ssrPath }: { ssrPath?: string }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <PublicLayout>
          <AppRoutes />
        </PublicLayout>
      </Router>
      <SessionKeeper />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
