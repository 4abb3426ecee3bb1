import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** The top of every content page: one h1, a lead paragraph and optional actions. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 sm:pt-16">
        {eyebrow && (
          <p className="mb-2 text-sm font-bold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        )}
        <h1 className="max-w-3xl text-3xl font-extrabold text-ink sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">{lead}</p>
        {children && <div className="mt-6 flex flex-wrap gap-3">{children}</div>}
      </div>
    </div>
  );
}

/** A page section with an optional h2; content sits in the site's 6xl column. */
export function Section({
  title,
  intro,
  children,
  className,
}: {
  title?: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('mx-auto max-w-6xl px-4 py-10', className)}>
      {title && <h2 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h2>}
      {intro && <p className="mt-2 max-w-2xl text-muted">{intro}</p>}
      <div className={cn((title || intro) && 'mt-6')}>{children}</div>
    </section>
  );
}
