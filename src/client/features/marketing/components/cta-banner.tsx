import type { ReactNode } from 'react';
import { StaticHtml } from '../../../components/static-html.tsx';

/**
 * The closing call to action of a marketing page: a heading, one line, and its buttons (links).
 * Static: a prerendered page never hydrates it (decision 023).
 */
export function CtaBanner({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <StaticHtml>
      <div
        data-static
        className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12"
      >
        <h2 className="text-3xl font-extrabold">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">{children}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </StaticHtml>
  );
}
