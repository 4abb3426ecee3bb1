import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The native select, styled like Input (native keeps keyboard and screen-reader behaviour). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-ink focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-accent-400 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
