import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { StaticHtml } from './static-html.tsx';

/** Keeps `part` as the prerendered HTML when `isStatic` (nothing in it needs JavaScript). */
const staticIf = (isStatic: boolean | undefined, part: ReactNode) =>
  isStatic ? <StaticHtml>{part}</StaticHtml> : part;

/**
 * The top of every content page: one h1, a lead paragraph and optional actions. `static`: the
 * prerendered page never hydrates it (decision 023); its actions may be links, not widgets.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  static: isStatic,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
  static?: boolean;
}) {
  return staticIf(
    isStatic,
    <div data-static={isStatic || undefined} className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-10 sm:pt-16">
        {eyebrow && (
          <p className="mb-2 text-sm font-bold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        )}
        <h1 className="max-w-3xl text-3xl font-extrabold text-ink sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">{lead}</p>
        {children && <div className="mt-6 flex flex-wrap gap-3">{children}</div>}
      </div>
    </div>,
  );
}

/**
 * A page section with an optional h2; content sits in the site's 6xl column. `static`: the
 * prerendered page never hydrates it (decision 023), so it may hold text and links, no widgets.
 */
export function Section({
  title,
  intro,
  children,
  className,
  static: isStatic,
}: {
  title?: string;
  intro?: string;
  children: ReactNode;
  className?: string;
  static?: boolean;
}) {
  return staticIf(
    isStatic,
    <section
      data-static={isStatic || undefined}
      className={cn('mx-auto max-w-6xl px-4 py-10', className)}
    >
      {title && <h2 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h2>}
      {intro && <p className="mt-2 max-w-2xl text-muted">{intro}</p>}
      <div className={cn((title || intro) && 'mt-6')}>{children}</div>
    </section>,
  );
}
