import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Pager } from '../../../components/pager.tsx';
import { DataTable, cell } from '../../../components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';

const noFilters: AuditFilters = { page: 1, action: '', actor: '', from: '', to: '' };

export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const query = useAuditLog(filters);
  const set = (change: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  return (
    <>
      <form
        className="mb-6 grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Filter the audit log"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <Select
            id="audit-action"
            value={filters.action}
            onChange={(event) => set({ action: event.target.value })}
          >
            <option value="">All actions</option>
            {(query.data?.actions ?? []).map((action) => (
              <option key={action}>{action}</option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-actor">Who</Label>
          <Input
            id="audit-actor"
            placeholder="e-mail or cli"
            value={filters.actor}
            onChange={(event) => set({ actor: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from}
            onChange={(event) => set({ from: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={filters.to}
            onChange={(event) => set({ to: event.target.value })}
          />
        </div>
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="button" variant="ghost" size="sm" onClick={() => setFilters(noFilters)}>
            Clear filters
          </Button>
        </div>
      </form>
      <QueryState query={query} label="the audit log">
        {(data) =>
          data.entries.length === 0 ? (
            <EmptyState title="Nothing recorded">No entry matches these filters.</EmptyState>
          ) : (
            <>
              <DataTable
                label="Audit log entries"
                caption="Audit log entries, newest first"
                columns={[
                  { label: 'When' },
                  { label: 'Who' },
                  { label: 'Action' },
                  { label: 'Record' },
                  { label: 'IP' },
                ]}
              >
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={cn(cell, 'whitespace-nowrap')}>
                      {formatDateTime(entry.createdAt, { seconds: true })}
                    </td>
                    <td className={cell}>{entry.actor}</td>
                    <td className={cn(cell, 'font-mono')}>{entry.action}</td>
                    <td className={cell}>
                      {entry.entityType ? `${entry.entityType} ${entry.entityId ?? ''}` : '—'}
                    </td>
                    <td className={cell}>{entry.ip ?? '—'}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(page) => setFilters((f) => ({ ...f, page }))}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
