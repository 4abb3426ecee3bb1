import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import {
  adminTicketReplySchema,
  adminTicketStateLabels,
  ticketCategoryLabels,
  ticketStates,
  type AdminTicket,
  type AdminTicketReplyInput,
  type TicketState,
} from '#shared/tickets.schemas.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { adminTicketAttachmentUrl, useAdminTicket } from '../api/get-admin-ticket.ts';
import { useReplyAsAdmin } from '../api/reply-as-admin.ts';
import { useUpdateAdminTicket } from '../api/update-admin-ticket.ts';
import { FileLinks } from '../../../components/file-upload.tsx';
import { Conversation } from '../components/conversation.tsx';
import { TicketStateBadge } from '../components/ticket-state-badge.tsx';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** State and assignee, each saved as soon as it is chosen (and audited). */
function TicketControls({ ticket }: { ticket: AdminTicket }) {
  const update = useUpdateAdminTicket({
    onSuccess: () => toast({ title: 'Ticket updated', variant: 'success' }),
    onError: failed('Ticket not updated'),
  });
  const change = (change: { state?: TicketState; assigneeId?: string | null }) =>
    update.mutate({ reference: ticket.reference, change });
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-state">State</Label>
        <Select
          id="ticket-state"
          value={ticket.state}
          disabled={update.isPending}
          onChange={(event) => change({ state: event.target.value as TicketState })}
        >
          {ticketStates.map((state) => (
            <option key={state} value={state}>
              {adminTicketStateLabels[state]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-assignee">Assignee</Label>
        <Select
          id="ticket-assignee"
          value={ticket.assignee?.id ?? ''}
          disabled={update.isPending}
          onChange={(event) => change({ assigneeId: event.target.value || null })}
        >
          <option value="">Nobody</option>
          {ticket.assignees.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** A reply e-mailed to the customer, or an internal note only the back office sees. */
function StaffReplyForm({ ticket }: { ticket: AdminTicket }) {
  const form = useForm<AdminTicketReplyInput>({
    resolver: zodResolver(adminTicketReplySchema),
    defaultValues: { message: '', internal: false },
  });
  const reply = useReplyAsAdmin({
    onSuccess: (_, { reply: sent }) => {
      form.reset({ message: '', internal: sent.internal });
      toast({
        title: sent.internal ? 'Note added' : 'Reply sent',
        description: sent.internal ? 'Only administrators see it.' : `E-mailed to ${ticket.email}.`,
        variant: 'success',
      });
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Not sent'),
  });
  const internal = useWatch({ control: form.control, name: 'internal' });
  const closed = ticket.state === 'closed';
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={form.handleSubmit((input) =>
        reply.mutate({ reference: ticket.reference, reply: input }),
      )}
    >
      <TextareaField
        id="staff-reply"
        label={internal ? 'Internal note' : `Reply to ${ticket.name}`}
        rows={5}
        hint={
          internal
            ? 'The customer never sees internal notes.'
            : closed
              ? 'This ticket is closed: open it again to reply, or add an internal note.'
              : 'The customer is e-mailed the reply.'
        }
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-ink">
        <input type="checkbox" className="size-4 accent-amber-600" {...form.register('internal')} />
        Internal note (not sent to the customer)
      </label>
      <div>
        <Button
          type="submit"
          variant={internal ? 'secondary' : 'default'}
          disabled={reply.isPending || (closed && !internal)}
        >
          {reply.isPending ? 'Saving…' : internal ? 'Add note' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

/** /admin/support-tickets/{reference}: the whole conversation, internal notes included. */
export function AdminTicketPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = useAdminTicket(reference);
  return (
    <>
      <Link
        href={paths.adminSupportTickets}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All tickets
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`ticket ${reference}`}>
          {(ticket) => (
            <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="min-w-0">
                <h2 className="text-2xl font-bold [overflow-wrap:anywhere] text-ink">
                  {ticket.subject}
                </h2>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                  <span className="font-mono font-semibold text-ink">{ticket.reference}</span>·
                  <span>{ticketCategoryLabels[ticket.category]}</span>·
                  <span>opened {formatDate(ticket.createdAt)}</span>
                  <TicketStateBadge state={ticket.state} staff />
                </p>
                <div className="mt-6">
                  <Conversation messages={ticket.messages} viewer="staff" />
                  {ticket.attachments.length > 0 && (
                    <div className="mt-4">
                      <h3 className="text-sm font-semibold text-ink">Attachments</h3>
                      <FileLinks
                        files={ticket.attachments}
                        hrefOf={(file) => adminTicketAttachmentUrl(ticket.reference, file.id)}
                      />
                    </div>
                  )}
                </div>
                <Card className="mt-6">
                  <StaffReplyForm ticket={ticket} />
                </Card>
              </div>
              <aside aria-label="Ticket details" className="grid content-start gap-4">
                <Card>
                  <h3 className="font-bold text-ink">Customer</h3>
                  <dl className="mt-2 grid gap-1 text-sm [overflow-wrap:anywhere]">
                    <dt className="sr-only">Name</dt>
                    <dd className="font-semibold text-ink">{ticket.name}</dd>
                    <dt className="sr-only">E-mail</dt>
                    <dd>{ticket.email}</dd>
                    {ticket.phone && (
                      <>
                        <dt className="sr-only">Phone</dt>
                        <dd>{ticket.phone}</dd>
                      </>
                    )}
                    <dt className="sr-only">Account</dt>
                    <dd className="text-muted">
                      {ticket.hasAccount
                        ? 'Customer account: replies in the dashboard'
                        : 'No account: replies through the link in our e-mails'}
                    </dd>
                    <dt className="sr-only">Source</dt>
                    <dd className="text-muted">
                      {ticket.source === 'contact_form'
                        ? 'From the contact form'
                        : 'From the dashboard'}
                    </dd>
                  </dl>
                </Card>
                <Card>
                  <TicketControls ticket={ticket} />
                  {ticket.closesAt && (
                    <p className="mt-3 text-sm text-muted">
                      Closes by itself on {formatDate(ticket.closesAt)} unless the customer replies.
                    </p>
                  )}
                </Card>
              </aside>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
