import { useState } from 'react';
import { Link } from 'wouter';
import { fillPlaceholders, ticketPlaceholderValues } from '#shared/canned-replies.schemas.ts';
import { paths } from '#shared/routes.ts';
import { departmentLabels } from '#shared/ticket-desk.schemas.ts';
import type { AdminTicket } from '#shared/tickets.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { site } from '../../../lib/site.ts';
import { useCannedReplies } from '../api/get-canned-replies.ts';

/** The reply box's text with `inserted` added: it replaces nothing the administrator typed. */
export const withInserted = (current: string, inserted: string) =>
  current.trim() === '' ? inserted : `${current.trimEnd()}\n\n${inserted}`;

/**
 * "Insert a canned reply" beside a ticket's reply box: the ticket's department's replies first,
 * the placeholders filled from the ticket, the administrator replying and the company. Choosing
 * and inserting are two steps, so moving through the list with the arrow keys changes nothing.
 */
export function CannedReplyPicker({
  ticket,
  onInsert,
}: {
  ticket: Pick<AdminTicket, 'name' | 'reference' | 'subject' | 'departmentId'>;
  onInsert: (text: string) => void;
}) {
  const query = useCannedReplies(ticket.departmentId);
  const staffName = useAdminStatus().admin?.name ?? '';
  const [chosen, setChosen] = useState('');
  const replies = query.data ?? [];
  const own = replies.filter((reply) => reply.departmentId === ticket.departmentId);
  const others = replies.filter((reply) => reply.departmentId !== ticket.departmentId);
  const insert = () => {
    const reply = replies.find((r) => r.id === chosen);
    if (!reply) return;
    const values = ticketPlaceholderValues({ ticket, staffName, companyName: site.siteName });
    onInsert(fillPlaceholders(reply.body, values));
    setChosen('');
  };

  if (query.isSuccess && replies.length === 0) {
    return (
      <p className="text-sm text-muted">
        No canned replies yet:{' '}
        <Link
          href={paths.adminCannedReplies}
          className="font-semibold text-brand-700 hover:underline"
        >
          write the answers you give often
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="canned-reply">Insert a canned reply</Label>
      <div className="flex flex-wrap gap-2">
        <Select
          id="canned-reply"
          className="min-w-0 flex-1 basis-40"
          value={chosen}
          disabled={!query.isSuccess}
          aria-describedby="canned-reply-hint"
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">
            {query.isError
              ? 'Could not load the canned replies'
              : query.isPending
                ? 'Loading…'
                : 'Choose a reply'}
          </option>
          {own.length > 0 && (
            <optgroup label={departmentLabels[ticket.departmentId]}>
              {own.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </optgroup>
          )}
          {others.length > 0 && (
            <optgroup label={own.length > 0 ? 'Other replies' : 'All replies'}>
              {others.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
        <Button type="button" variant="outline" disabled={chosen === ''} onClick={insert}>
          Insert
        </Button>
      </div>
      <p id="canned-reply-hint" className="text-sm text-muted">
        Added to the reply with the customer&apos;s name, the ticket and yours filled in; edit it
        before sending.{' '}
        <Link href={paths.adminCannedReplies} className="text-brand-700 hover:underline">
          Manage canned replies
        </Link>
      </p>
    </div>
  );
}
