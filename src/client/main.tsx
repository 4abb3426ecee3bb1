import './lib/zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { keepStaticHtmlWhileHydrating } from './components/static-html.tsx';
import { toast } from './components/ui/use-toast.ts';
import { CatalogueProvider, catalogueEditsOfPage } from './lib/catalogue-edits.tsx';
import { pageQueriesOfPage } from './lib/page-queries.ts';
import './styles.css';

const root = document.getElementById('root')!;
// The prices the server charges now, as the page was rendered with them (decision 015).
const app = (
  <StrictMode>
    <CatalogueProvider edits={catalogueEditsOfPage()}>
      <App queries={pageQueriesOfPage()} />
    </CatalogueProvider>
  </StrictMode>
);
// Prerendered public pages are hydrated, all but their static parts (decision 023); client-rendered
// routes start from the empty shell. The page is already painted, so hydration runs as a
// transition: React yields to the browser between components instead of one long task.
if (root.hasChildNodes()) {
  keepStaticHtmlWhileHydrating();
  startTransition(() => void hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}

if (!navigator.cookieEnabled) {
  toast({
    title: 'Warning: Cookies Disabled',
    description: 'Please enable cookies for the best experience on this site.',
    variant: 'destructive',
  });
}
