import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-3 border-brand-200 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area spinner shown while a guarded page checks the session. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="page-spinner">
      <Spinner label="Checking your session" className="[&>span:first-child]:size-10" />
    </div>
  );
}
