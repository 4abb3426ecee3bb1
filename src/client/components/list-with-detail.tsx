import type { ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { cn } from '../lib/cn.ts';
import { Pager } from './pager.tsx';

/**
 * The back office's list-and-detail layout: a paged list of buttons (title and a meta line) and,
 * beside it on wide screens, the chosen item's detail.
 */
export function ListWithDetail<T extends { id: string | number }>({
  items,
  selectedId,
  onSelect,
  title,
  meta,
  paging,
  onPage,
  detail,
  placeholder,
}: {
  items: T[];
  selectedId: T['id'] | null;
  onSelect: (id: T['id']) => void;
  title: (item: T) => ReactNode;
  meta: (item: T) => ReactNode;
  /** Where the list stands: any page of a back-office list answer (`pageOf`) fits. */
  paging: { page: number; pageSize: number; total: number };
  onPage: (page: number) => void;
  detail: ReactNode;
  placeholder: string;
}) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div>
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={selectedId === item.id}
                onClick={() => onSelect(item.id)}
                className={cn(
                  'grid w-full gap-0.5 px-4 py-3 text-left hover:bg-brand-50',
                  selectedId === item.id && 'bg-brand-50',
                )}
              >
                <span className="font-semibold [overflow-wrap:anywhere] text-ink">
                  {title(item)}
                </span>
                <span className="text-sm [overflow-wrap:anywhere] text-muted">{meta(item)}</span>
              </button>
            </li>
          ))}
        </ul>
        <Pager page={paging.page} pageSize={paging.pageSize} total={paging.total} onPage={onPage} />
      </div>
      <Card>{selectedId ? detail : <p className="text-muted">{placeholder}</p>}</Card>
    </div>
  );
}
