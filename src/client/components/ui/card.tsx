import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const cardVariants = cva('rounded-2xl shadow-sm', {
  variants: {
    padding: { default: 'p-6', snug: 'p-5', tight: 'p-4', none: 'p-0' },
    tone: { white: 'bg-white', surface: 'bg-surface' },
    /** A featured package or a chosen option: a heavier brand border. */
    highlight: { true: 'border-2 border-brand-700', false: 'border border-line' },
  },
  defaultVariants: { padding: 'default', tone: 'white', highlight: false },
});

export type CardProps = ComponentProps<'div'> & VariantProps<typeof cardVariants>;

export function Card({ className, padding, tone, highlight, ...props }: CardProps) {
  return <div className={cn(cardVariants({ padding, tone, highlight }), className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cn('text-lg font-bold text-ink', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted', className)} {...props} />;
}
