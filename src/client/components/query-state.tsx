import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** Loading and error states of a back-office query; the page renders the data. */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${label}`} />;
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p>
          Could not load {label}: {query.error.message}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return children(query.data);
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white p-8 text-center">
      <p className="font-semibold text-ink">{title}</p>
      <div className="mt-1 text-sm text-muted">{children}</div>
    </div>
  );
}
