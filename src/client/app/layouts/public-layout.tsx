import { Suspense, type ReactNode } from 'react';
import { Header } from '../header.tsx';
import { lazyPage } from '../lazy-page.tsx';

// Below the fold: its code loads after the first paint (prerendered pages keep its HTML, and
// React hydrates it once loaded), which keeps the home page's first JavaScript within budget.
const Footer = lazyPage(() => import('../footer.tsx'), 'Footer');

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
