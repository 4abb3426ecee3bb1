import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  adminTicketReplySchema,
  adminTicketStateLabels,
  ticketCategoryLabels,
  ticketSourceLabels,
  ticketStates,
  type AdminTicket,
  type AdminTicketReplyInput,
  type TicketState,
  type TicketUpdateInput,
} from '#shared/tickets.schemas.ts';
import {
  departmentIds,
  departmentLabels,
  priorityTargets,
  ticketPriorities,
  ticketPriorityLabels,
  type DepartmentId,
  type TicketPriority,
} from '#shared/ticket-desk.schemas.ts';
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
import { CannedReplyPicker, withInserted } from '../components/canned-reply-picker.tsx';
import { Conversation } from '../components/conversation.tsx';
import { MergedNotice, MergeTicketForm } from '../components/merge-ticket-form.tsx';
import { TicketClock } from '../components/ticket-clock.tsx';
import { TicketStateBadge } from '../components/ticket-state-badge.tsx';
import { BackToTickets } from '../components/back-to-tickets.tsx';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** State, assignee, department and priority, each saved as soon as it is chosen (and audited). */
function TicketControls({ ticket }: { ticket: AdminTicket }) {
  const update = useUpdateAdminTicket({
    onSuccess: () => toast({ title: 'Ticket updated', variant: 'success' }),
    onError: failed('Ticket not updated'),
  });
  const change = (change: TicketUpdateInput) =>
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
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-department">Department</Label>
        <Select
          id="ticket-department"
          value={ticket.departmentId}
          disabled={update.isPending}
          onChange={(event) => change({ departmentId: event.target.value as DepartmentId })}
        >
          {departmentIds.map((id) => (
            <option key={id} value={id}>
              {departmentLabels[id]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-priority">Priority</Label>
        <Select
          id="ticket-priority"
          value={ticket.priority}
          disabled={update.isPending}
          onChange={(event) => change({ priority: event.target.value as TicketPriority })}
        >
          {ticketPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {ticketPriorityLabels[priority]} (first reply in{' '}
              {priorityTargets[priority].firstResponseHours} h)
            </option>
          ))}
        </Select>
      </div>
      <div className="text-sm sm:col-span-2 xl:col-span-1">
        <p className="font-medium text-ink">Response clock</p>
        <TicketClock ticket={ticket} />
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
      <CannedReplyPicker
        ticket={ticket}
        onInsert={(text) => {
          form.setValue('message', withInserted(form.getValues('message'), text), {
            shouldDirty: true,
          });
          form.setFocus('message');
        }}
      />
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
      <BackToTickets />
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
                <MergedNotice ticket={ticket} />
                <div className="mt-6">
                  <Conversation
                    messages={ticket.messages}
                    viewer="staff"
                    fileHref={(file) => adminTicketAttachmentUrl(ticket.reference, file.id)}
                  />
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
                        : 'No account: replies by e-mail or through the link in our e-mails'}
                    </dd>
                    <dt className="sr-only">Source</dt>
                    <dd className="text-muted">{ticketSourceLabels[ticket.source]}</dd>
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
                {!ticket.mergedInto && (
                  <Card>
                    <MergeTicketForm ticket={ticket} />
                  </Card>
                )}
              </aside>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
