import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { adminTicketPath, paths } from '#shared/routes.ts';
import {
  adminTicketStateLabels,
  ticketCategories,
  ticketCategoryLabels,
  ticketStates,
  unassigned,
  type TicketCategory,
  type TicketState,
} from '#shared/tickets.schemas.ts';
import {
  departmentIds,
  departmentLabels,
  ticketPriorityLabels,
  type DepartmentId,
} from '#shared/ticket-desk.schemas.ts';
import { cell, DataTable, rowHeading } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useAdminTickets } from '../api/get-admin-tickets.ts';
import { TicketClock } from '../components/ticket-clock.tsx';
import { TicketStateBadge } from '../components/ticket-state-badge.tsx';

/**
 * /admin/support-tickets: every ticket with its department, priority and response clock, filtered
 * by state, category, department, assignee and missed targets.
 */
export function AdminTicketsPage() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<TicketState | ''>('');
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [assignee, setAssignee] = useState('');
  const [department, setDepartment] = useState<DepartmentId | ''>('');
  const [breached, setBreached] = useState(false);
  const query = useAdminTickets({
    page,
    state: state || undefined,
    category: category || undefined,
    assignee: assignee || undefined,
    department: department || undefined,
    breached: breached ? 'true' : undefined,
  });
  const filtered =
    state !== '' || category !== '' || assignee !== '' || department !== '' || breached;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <StatusFilter
          id="ticket-state-filter"
          value={state}
          statuses={ticketStates}
          label={(s) => adminTicketStateLabels[s]}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          className="w-44"
        />
        <div className="grid w-44 gap-1.5">
          <Label htmlFor="ticket-category-filter">Category</Label>
          <Select
            id="ticket-category-filter"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value as TicketCategory | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {ticketCategories.map((c) => (
              <option key={c} value={c}>
                {ticketCategoryLabels[c]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid w-44 gap-1.5">
          <Label htmlFor="ticket-department-filter">Department</Label>
          <Select
            id="ticket-department-filter"
            value={department}
            onChange={(event) => {
              setDepartment(event.target.value as DepartmentId | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {departmentIds.map((d) => (
              <option key={d} value={d}>
                {departmentLabels[d]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid w-52 gap-1.5">
          <Label htmlFor="ticket-assignee-filter">Assignee</Label>
          <Select
            id="ticket-assignee-filter"
            value={assignee}
            onChange={(event) => {
              setAssignee(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Anyone</option>
            <option value={unassigned}>Nobody (unassigned)</option>
            {(query.data?.assignees ?? []).map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            className="size-4"
            checked={breached}
            onChange={(event) => {
              setBreached(event.target.checked);
              setPage(1);
            }}
          />
          Missed targets only
        </label>
        <div className="ml-auto flex gap-4 self-end">
          <Link
            href={paths.adminCannedReplies}
            className="py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Canned replies
          </Link>
          <Link
            href={paths.adminSupportDepartments}
            className="py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Departments
          </Link>
        </div>
      </div>
      <QueryState query={query} label="the support tickets">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={filtered ? 'No tickets match' : 'No support tickets yet'}>
              {filtered
                ? 'Change the filters to see other tickets.'
                : 'Tickets that customers open from their dashboard, and messages from the contact page, are listed here.'}
            </EmptyState>
          ) : (
            <>
              <DataTable
                label="Support tickets"
                caption="Support tickets, most recently active first"
                columns={[
                  { label: 'Ticket' },
                  { label: 'Customer' },
                  { label: 'Department' },
                  { label: 'Priority' },
                  { label: 'State' },
                  { label: 'Response clock' },
                  { label: 'Assignee' },
                  { label: 'Last activity' },
                ]}
              >
                {data.items.map((ticket) => (
                  <tr key={ticket.reference}>
                    <th scope="row" className={rowHeading}>
                      <Link
                        href={adminTicketPath(ticket.reference)}
                        className="text-brand-700 hover:underline"
                      >
                        {ticket.subject}
                      </Link>
                      <span className="block font-mono text-xs font-normal text-muted">
                        {ticket.reference}
                        {ticket.source === 'contact_form' ? ' · contact form' : ''}
                        {ticket.source === 'email' ? ' · e-mail' : ''}
                      </span>
                    </th>
                    <td className={`${cell} max-w-56 [overflow-wrap:anywhere]`}>
                      {ticket.name}
                      <span className="block text-xs text-muted">{ticket.email}</span>
                    </td>
                    <td className={cell}>
                      {departmentLabels[ticket.departmentId]}
                      <span className="block text-xs text-muted">
                        {ticketCategoryLabels[ticket.category]}
                      </span>
                    </td>
                    <td className={cell}>{ticketPriorityLabels[ticket.priority]}</td>
                    <td className={cell}>
                      <TicketStateBadge state={ticket.state} staff />
                    </td>
                    <td className={`${cell} text-sm`}>
                      <TicketClock ticket={ticket} />
                    </td>
                    <td className={cell}>{ticket.assignee?.name ?? '—'}</td>
                    <td className={`${cell} whitespace-nowrap`}>{formatDate(ticket.updatedAt)}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={setPage}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
