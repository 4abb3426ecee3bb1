import { useState } from 'react';
import { formatNumber } from '#shared/numbers.ts';
import {
  priorityTargets,
  ticketPriorities,
  ticketPriorityLabels,
  type DepartmentId,
  type SupportDepartment,
  type SupportDepartments,
} from '#shared/ticket-desk.schemas.ts';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { useSupportDepartments } from '../api/get-support-departments.ts';
import { departmentAlerts } from '../components/department-alerts.ts';
import { DepartmentForm } from '../components/department-form.tsx';
import { RatingsPanel } from '../components/ratings-panel.tsx';
import { BackToTickets } from '../components/back-to-tickets.tsx';

/** Whole hours as the team says them: "8 hours", "1 day", "7 days". */
function hours(count: number): string {
  if (count >= 24 && count % 24 === 0) {
    const days = count / 24;
    return days === 1 ? '1 day' : `${formatNumber(days)} days`;
  }
  return count === 1 ? '1 hour' : `${formatNumber(count)} hours`;
}

function DepartmentCard({
  department,
  onChange,
}: {
  department: SupportDepartment;
  /** Opens the form; none for staff, who only read. */
  onChange?: (() => void) | undefined;
}) {
  const on = departmentAlerts.filter((alert) => department[alert.field]);
  return (
    <Card padding="tight" className="grid gap-3 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-bold [overflow-wrap:anywhere] text-ink">{department.name}</h2>
          <p className="text-sm [overflow-wrap:anywhere] text-muted">
            {department.email ?? 'No address: alerts go to its staff, else the company address'}
          </p>
        </div>
        {onChange && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Change ${department.name}`}
            onClick={onChange}
          >
            Change
          </Button>
        )}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-ink">Staff</dt>
          <dd className="[overflow-wrap:anywhere] text-muted">
            {department.staff.length === 0
              ? department.email
                ? 'Nobody yet: alerts go to its address'
                : 'Nobody yet: alerts go to the company address'
              : department.staff.map((person) => person.name).join(', ')}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Alerts on</dt>
          <dd className="text-muted">
            {on.length === 0 ? 'None' : on.map((alert) => alert.label).join(', ')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Departments({ data, owner }: { data: SupportDepartments; owner: boolean }) {
  const [editing, setEditing] = useState<DepartmentId | undefined>(undefined);
  return (
    <ul aria-label="Departments" className="grid gap-4">
      {data.departments.map((department) => (
        <li key={department.id}>
          {owner && editing === department.id ? (
            <Card padding="tight" className="sm:p-6">
              <DepartmentForm
                department={department}
                administrators={data.administrators}
                onDone={() => setEditing(undefined)}
              />
            </Card>
          ) : (
            <DepartmentCard
              department={department}
              onChange={owner ? () => setEditing(department.id) : undefined}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function Targets() {
  return (
    <section aria-labelledby="targets-title" className="grid gap-2">
      <h2 id="targets-title" className="text-lg font-bold text-ink">
        Response-time targets
      </h2>
      <p className="max-w-2xl text-sm text-muted">
        Counted in calendar hours from when the ticket was opened, by its priority. The resolution
        clock only runs on the team’s turn: a ticket waiting on the customer is not flagged until
        they answer.
      </p>
      <DataTable
        label="Targets per priority"
        caption="Response-time targets per priority: first response and resolution"
        columns={[
          { label: 'Priority' },
          { label: 'First response', align: 'right' },
          { label: 'Resolution', align: 'right' },
        ]}
      >
        {[...ticketPriorities].reverse().map((priority) => (
          <tr key={priority}>
            <th scope="row" className={rowHeading}>
              {ticketPriorityLabels[priority]}
            </th>
            <td className={numberCell}>{hours(priorityTargets[priority].firstResponseHours)}</td>
            <td className={numberCell}>{hours(priorityTargets[priority].resolutionHours)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/**
 * /admin/support-tickets/departments (issue 32 §2): the desk's departments, with who works in each,
 * where its alerts go and which are on, the response-time targets and the customers' ratings.
 * Every administrator reads it; owners change the departments (the server refuses staff too).
 */
export function SupportDepartmentsPage() {
  const query = useSupportDepartments();
  const owner = useAdminStatus().admin?.role === 'owner';
  return (
    <div className="grid gap-6">
      <BackToTickets className="justify-self-start" />
      <RatingsPanel />
      <section aria-labelledby="alerts-title" className="grid gap-2">
        <h2 id="alerts-title" className="text-lg font-bold text-ink">
          Departments and their alerts
        </h2>
        <p className="max-w-2xl text-sm text-muted">
          Each ticket belongs to one department. An alert goes to the department’s staff; with no
          staff, to its own address; with neither, to the company address. An alert switched off
          goes to nobody.
          {!owner && ' Only an owner can change a department.'}
        </p>
        <dl className="grid max-w-2xl gap-2 text-sm">
          {departmentAlerts.map((alert) => (
            <div key={alert.field}>
              <dt className="inline font-semibold text-ink">{alert.label}: </dt>
              <dd className="inline text-muted">{alert.meaning}</dd>
            </div>
          ))}
        </dl>
      </section>
      <QueryState query={query} label="the departments">
        {(data) => <Departments data={data} owner={owner} />}
      </QueryState>
      <Targets />
    </div>
  );
}
