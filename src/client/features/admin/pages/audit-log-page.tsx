import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { auditLogQueryOptions, type AuditFilters } from '../api/back-office.ts';
import { AdminShell } from '../components/admin-shell.tsx';
import { EmptyState, QueryState } from '../components/query-state.tsx';
import { Pager } from '../components/pager.tsx';

const dateTime = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Africa/Johannesburg',
});

const noFilters: AuditFilters = { page: 1, action: '', actor: '', from: '', to: '' };

export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const query = useQuery(auditLogQueryOptions(filters));
  const set = (change: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  return (
    <AdminShell title="Audit log">
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
              <div
                className="overflow-x-auto rounded-2xl border border-line bg-white"
                data-scrolls
                role="region"
                aria-label="Audit log entries"
                tabIndex={0}
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Audit log entries, newest first</caption>
                  <thead className="bg-gray-50 text-muted">
                    <tr>
                      <th scope="col" className="px-4 py-2 font-semibold">
                        When
                      </th>
                      <th scope="col" className="px-4 py-2 font-semibold">
                        Who
                      </th>
                      <th scope="col" className="px-4 py-2 font-semibold">
                        Action
                      </th>
                      <th scope="col" className="px-4 py-2 font-semibold">
                        Record
                      </th>
                      <th scope="col" className="px-4 py-2 font-semibold">
                        IP
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className="px-4 py-2 whitespace-nowrap">
                          {dateTime.format(new Date(entry.createdAt))}
                        </td>
                        <td className="px-4 py-2">{entry.actor}</td>
                        <td className="px-4 py-2 font-mono">{entry.action}</td>
                        <td className="px-4 py-2">
                          {entry.entityType ? `${entry.entityType} ${entry.entityId ?? ''}` : '—'}
                        </td>
                        <td className="px-4 py-2">{entry.ip ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
    </AdminShell>
  );
}
