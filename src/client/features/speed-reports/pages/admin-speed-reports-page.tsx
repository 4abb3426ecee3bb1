import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '#shared/dates.ts';
import { formatSeconds } from '#shared/numbers.ts';
import { paths } from '#shared/routes.ts';
import type { SpeedReportStatus } from '#shared/speed-reports.schemas.ts';
import { cell, DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { useAdminSpeedReports } from '../api/get-admin-speed-reports.ts';

const statusLabels: Record<SpeedReportStatus, string> = {
  queued: 'Waiting',
  running: 'Measuring',
  done: 'Done',
  failed: 'Failed',
};

/** `/admin/speed-reports`: every report, with its status, score, duration and failure. */
export function AdminSpeedReportsPage() {
  const [page, setPage] = useState(1);
  const query = useAdminSpeedReports(page);
  return (
    <QueryState query={query} label="the speed reports">
      {(list) =>
        list.total === 0 ? (
          <EmptyState title="No speed reports yet">
            Reports appear here as soon as a visitor asks for one.
          </EmptyState>
        ) : (
          <>
            <DataTable
              label="Speed reports"
              caption="Every speed report, newest first"
              columns={[
                { label: 'Website' },
                { label: 'Status' },
                { label: 'Performance', align: 'right' },
                { label: 'Took', align: 'right' },
                { label: 'Asked for' },
                { label: 'Problem' },
              ]}
            >
              {list.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row" className={rowHeading}>
                    <Link
                      href={paths.speedReport.replace(':id', item.id)}
                      className="break-all text-brand-700 underline-offset-4 hover:underline"
                    >
                      {item.url}
                    </Link>
                    {item.kind === 'full' && <span className="ml-2 text-xs text-muted">full</span>}
                  </th>
                  <td className={cell}>
                    {statusLabels[item.status]}
                    {item.partial && <span className="text-muted"> (partial)</span>}
                  </td>
                  <td className={numberCell}>{item.performance ?? '–'}</td>
                  <td className={numberCell}>
                    {item.durationMs === null ? '–' : formatSeconds(item.durationMs)}
                  </td>
                  <td className={cell}>{formatDateTime(item.createdAt)}</td>
                  <td className={`${cell} text-red-700`}>{item.error ?? ''}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={setPage} />
          </>
        )
      }
    </QueryState>
  );
}
