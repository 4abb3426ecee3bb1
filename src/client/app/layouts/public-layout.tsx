import type { ReactNode } from 'react';
import { Footer } from '../footer.tsx';
import { Header } from '../header.tsx';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
