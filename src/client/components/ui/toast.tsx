import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './use-toast.ts';

const toastVariants = cva(
  'toast pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
  {
    variants: {
      variant: {
        default: 'border-line bg-white text-ink',
        destructive: 'border-red-800 bg-red-700 text-white',
        success: 'border-brand-700 bg-brand-50 text-brand-900',
        premium: 'border-accent-400 bg-accent-100 text-ink',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Toasts of SPEC §9: 5000 ms, swipe right past 50 px to dismiss, F8 focuses, one visible. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={toastVariants({ variant: t.variant })}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
            {t.title && (
              <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-95">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            className={cn('absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100')}
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
