import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { TableScroll } from './table-scroll.tsx';

export interface DataColumn {
  label: string;
  /** Numbers and money sit right, like their column heading. */
  align?: 'left' | 'right';
}

/** Cell classes matching the headings: `cell` for text, `numberCell` for figures. */
export const cell = 'px-4 py-2';
export const numberCell = 'px-4 py-2 text-right tabular-nums';
/** The first cell of a row when it names the row (`<th scope="row">`). */
export const rowHeading = 'px-4 py-2 text-left font-semibold text-ink';

/**
 * A bordered table that scrolls sideways on narrow screens (see TableScroll), with a caption for screen readers and one heading per column; `children` are the body rows.
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: string;
  columns: DataColumn[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-4 py-2 font-semibold', column.align === 'right' && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </TableScroll>
  );
}
