import { useState, type ReactNode } from 'react';
import { Eye } from 'lucide-react';
import { Link, useParams } from 'wouter';
import {
  customerNoteInputSchema,
  customerRecordKinds,
  customerRecordLabels,
  type CustomerDetail,
  type CustomerRecord,
  type CustomerRecordKind,
} from '#shared/admin-customers.schemas.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import {
  adminBusinessPlanPath,
  adminProjectPath,
  adminQuotePath,
  adminTicketPath,
  newInvoicePath,
  paths,
} from '#shared/routes.ts';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { usePageName } from '../../../lib/page-name.ts';
import { useAddCustomerNote } from '../api/add-customer-note.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useResendCustomerVerification } from '../api/resend-customer-verification.ts';
import { useSendCustomerPasswordReset } from '../api/send-customer-password-reset.ts';
import { useStartViewAs } from '../api/start-view-as.ts';

const statusText = (status: string) =>
  `${status.charAt(0).toUpperCase()}${status.slice(1)}`.replaceAll('_', ' ');

/** The back-office pages a record opens, where it has one. */
const recordLinks: Partial<Record<CustomerRecordKind, (reference: string) => string>> = {
  quotes: adminQuotePath,
  tickets: adminTicketPath,
  projects: adminProjectPath,
  businessPlans: adminBusinessPlanPath,
};

const sectionId = (kind: string) => `customer-${kind}`;

function RecordsSection({
  kind,
  records,
}: {
  kind: CustomerRecordKind;
  records: CustomerRecord[];
}) {
  const label = customerRecordLabels[kind];
  const link = recordLinks[kind];
  const hasAmounts = records.some((r) => r.amount !== null);
  return (
    <section aria-labelledby={sectionId(kind)} className="grid gap-3">
      <h2 id={sectionId(kind)} className="text-lg font-bold text-ink">
        {label} <span className="font-normal text-muted">({records.length})</span>
      </h2>
      {records.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-white px-4 py-3 text-sm text-muted">
          No {label.toLowerCase()} yet.
        </p>
      ) : (
        <DataTable
          label={label}
          caption={`${label} of this customer, newest first`}
          columns={[
            { label: 'Reference' },
            { label: 'What' },
            { label: 'Status' },
            { label: 'Date' },
            ...(hasAmounts ? [{ label: 'Amount', align: 'right' as const }] : []),
          ]}
        >
          {records.map((record) => (
            <tr key={record.reference}>
              <th scope="row" className={cn(rowHeading, 'font-mono text-xs whitespace-nowrap')}>
                {link ? (
                  <Link href={link(record.reference)} className="text-brand-700 hover:underline">
                    {record.reference}
                  </Link>
                ) : (
                  record.reference
                )}
              </th>
              <td className={cn(cell, '[overflow-wrap:anywhere]')}>{record.title || '—'}</td>
              <td className={cell}>
                <StatusBadge status={record.status}>{statusText(record.status)}</StatusBadge>
              </td>
              <td className={cn(cell, 'whitespace-nowrap')}>{formatDate(record.date)}</td>
              {hasAmounts && (
                <td className={numberCell}>
                  {record.amount === null ? '—' : formatRand(record.amount)}
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Details({ customer }: { customer: CustomerDetail['customer'] }) {
  const rows: [string, ReactNode][] = [
    ['E-mail', `${customer.email}${customer.emailVerified ? '' : ' (not confirmed)'}`],
    ['Phone', customer.phone ?? '—'],
    ['Company', customer.company ?? '—'],
    ['VAT number', customer.vatNumber ?? '—'],
    ['Address', customer.address ?? '—'],
    ['Signed up', formatDate(customer.createdAt)],
    ['Last signed in', customer.lastSignInAt ? formatDateTime(customer.lastSignInAt) : 'Never'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-line bg-white p-4 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-muted">{term}</dt>
          <dd className="[overflow-wrap:anywhere] text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MailActions({ customer }: { customer: CustomerDetail['customer'] }) {
  const sent = {
    onSuccess: (answer: { sent: boolean; message: string }) =>
      toast({
        title: answer.sent ? 'Mail sent' : 'Nothing to send',
        description: answer.message,
        variant: answer.sent ? 'success' : 'default',
      }),
    onError: (error: Error) =>
      toast({ title: 'Mail not sent', description: error.message, variant: 'destructive' }),
  };
  const reset = useSendCustomerPasswordReset(sent);
  const verify = useResendCustomerVerification(sent);
  if (customer.deleted)
    return <p className="text-sm text-muted">This account was deleted: it gets no more mail.</p>;
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        variant="outline"
        disabled={reset.isPending}
        onClick={() => reset.mutate(customer.id)}
      >
        Send a password-reset mail
      </Button>
      {!customer.emailVerified && (
        <Button
          variant="outline"
          disabled={verify.isPending}
          onClick={() => verify.mutate(customer.id)}
        >
          Resend the verification mail
        </Button>
      )}
    </div>
  );
}

/**
 * What the team starts for the customer: an invoice or a quote made out to them, and a read-only
 * look at their area as they see it (owners, and staff an owner allowed).
 */
function WorkActions({ customer }: { customer: CustomerDetail['customer'] }) {
  const { admin } = useAdminStatus();
  const mayViewAs = admin?.role === 'owner' || admin?.permissions.includes('view_as_customer');
  const viewAs = useStartViewAs({
    // A full load: the whole app then reads the signed-in customer afresh.
    onSuccess: (started) => window.location.assign(started.path),
    onError: (error) =>
      toast({ title: 'Not opened', description: error.message, variant: 'destructive' }),
  });
  if (customer.deleted) return null;
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <Link href={newInvoicePath({ customer: customer.id })}>Start an invoice</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href={newInvoicePath({ customer: customer.id, kind: 'quote' })}>Start a quote</Link>
      </Button>
      {mayViewAs && (
        <Button
          variant="outline"
          disabled={viewAs.isPending}
          onClick={() => viewAs.mutate(customer.id)}
        >
          <Eye aria-hidden="true" />
          View as customer
        </Button>
      )}
    </div>
  );
}

function Notes({ customerId, notes }: { customerId: string; notes: CustomerDetail['notes'] }) {
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const add = useAddCustomerNote({
    onSuccess: () => {
      setBody('');
      toast({ title: 'Note kept', variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Note not kept', description: error.message, variant: 'destructive' }),
  });
  return (
    <section aria-labelledby="customer-notes" className="grid gap-3">
      <h2 id="customer-notes" className="text-lg font-bold text-ink">
        Team notes <span className="font-normal text-muted">({notes.length})</span>
      </h2>
      <form
        noValidate
        aria-label="Add a note"
        className="grid justify-items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = customerNoteInputSchema.safeParse({ body });
          setInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
          if (parsed.success) add.mutate({ id: customerId, note: parsed.data });
        }}
      >
        <div className="w-full">
          <TextareaField
            id="customer-note"
            label="New note (for the team)"
            rows={3}
            maxLength={2000}
            value={body}
            error={invalid}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Add note'}
        </Button>
      </form>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ol className="grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-line bg-white p-3 text-sm">
              <p className="whitespace-pre-line text-ink">{note.body}</p>
              <p className="mt-1 text-xs text-muted">
                {note.author}, {formatDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AuditTrail({ audit }: { audit: CustomerDetail['audit'] }) {
  return (
    <section aria-labelledby="customer-audit" className="grid gap-3">
      <h2 id="customer-audit" className="text-lg font-bold text-ink">
        What the team did for them <span className="font-normal text-muted">({audit.length})</span>
      </h2>
      {audit.length === 0 ? (
        <p className="text-sm text-muted">Nothing recorded yet.</p>
      ) : (
        <DataTable
          label="Audit trail"
          caption="Audit log entries about this customer, newest first"
          columns={[{ label: 'When' }, { label: 'Who' }, { label: 'Action' }]}
        >
          {audit.map((entry) => (
            <tr key={entry.id}>
              <td className={cn(cell, 'whitespace-nowrap')}>{formatDateTime(entry.createdAt)}</td>
              <td className={cell}>{entry.actor}</td>
              <td className={cn(cell, 'font-mono')}>{entry.action}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/**
 * One customer with everything they have with us. `credit` is the owners' credit panel (balance,
 * statement, adjustment), composed by the app from the payments feature; `pastDue` their dunning
 * cases with each step, from the dunning feature.
 */
export function CustomerPage({
  credit,
  pastDue,
}: {
  credit: (email: string) => ReactNode;
  pastDue: (customerId: string) => ReactNode;
}) {
  const { id = '' } = useParams<{ id: string }>();
  const query = useCustomer(id);
  usePageName(query.data?.customer.name);
  return (
    <QueryState query={query} label="the customer">
      {(data) => (
        <div className="grid gap-8">
          <div className="grid gap-3">
            <Link href={paths.adminCustomers} className="text-sm text-brand-700 hover:underline">
              All customers
            </Link>
            <h1 className="text-2xl font-extrabold [overflow-wrap:anywhere] text-ink">
              {data.customer.name}
              {data.customer.deleted && (
                <span className="ml-2 text-base font-normal text-muted">(account deleted)</span>
              )}
            </h1>
            <WorkActions customer={data.customer} />
            <Details customer={data.customer} />
            <MailActions customer={data.customer} />
          </div>
          <nav aria-label="On this page" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {customerRecordKinds.map((kind) => (
              <a key={kind} href={`#${sectionId(kind)}`} className="text-brand-700 hover:underline">
                {customerRecordLabels[kind]} ({data.records[kind].length})
              </a>
            ))}
            <a href="#customer-past-due" className="text-brand-700 hover:underline">
              Past due
            </a>
            <a href="#customer-notes" className="text-brand-700 hover:underline">
              Notes ({data.notes.length})
            </a>
          </nav>
          {data.credit !== null && (
            <section aria-labelledby="customer-credit" className="grid gap-3">
              <h2 id="customer-credit" className="text-lg font-bold text-ink">
                Account credit
              </h2>
              {credit(data.customer.email)}
            </section>
          )}
          {customerRecordKinds.map((kind) => (
            <RecordsSection key={kind} kind={kind} records={data.records[kind]} />
          ))}
          <section aria-labelledby="customer-past-due" className="grid gap-3">
            <h2 id="customer-past-due" className="text-lg font-bold text-ink">
              Past due
            </h2>
            {pastDue(data.customer.id)}
          </section>
          <Notes customerId={data.customer.id} notes={data.notes} />
          <AuditTrail audit={data.audit} />
        </div>
      )}
    </QueryState>
  );
}
