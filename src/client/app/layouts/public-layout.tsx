import type { ReactNode } from 'react';
import { StaticHtml } from '../../components/static-html.tsx';
import { Header } from '../header.tsx';
import { lazyPage } from '../lazy-page.tsx';

// Below the fold and static: a prerendered page keeps its HTML and never loads its code (decision
// 023); a page rendered in the browser loads it after the page's own.
const Footer = lazyPage(() => import('../footer.tsx'), 'Footer');

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <StaticHtml>
        <Footer />
      </StaticHtml>
    </div>
  );
}
