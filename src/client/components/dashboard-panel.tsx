import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from './ui/card.tsx';
import { Spinner } from './ui/spinner.tsx';

/** A titled dashboard card over one query: a spinner, then its content or why it failed. */
export function DashboardPanel<T>({
  title,
  query,
  what,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** e.g. "your orders", for "Loading your orders" and "We could not load your orders". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {query.isPending ? (
        <Spinner className="mt-3" label={`Loading ${what}`} />
      ) : query.isError ? (
        <p role="alert" className="mt-2 text-sm">
          We could not load {what}: {query.error.message}
        </p>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}
