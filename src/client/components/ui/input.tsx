import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'h-10 w-full min-w-0 rounded-lg border border-gray-400 bg-white px-3 text-base text-ink placeholder:text-gray-500 focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-accent-400 disabled:opacity-60 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-28 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-500 focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-accent-400 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
