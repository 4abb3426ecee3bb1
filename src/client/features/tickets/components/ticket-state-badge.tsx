import {
  adminTicketStateLabels,
  ticketStateLabels,
  type TicketState,
} from '#shared/tickets.schemas.ts';
import { cn } from '../../../lib/cn.ts';

const tones: Record<TicketState, string> = {
  open: 'bg-blue-100 text-blue-900',
  awaiting_customer: 'bg-amber-100 text-amber-900',
  resolved: 'bg-green-100 text-green-800',
  closed: 'bg-gray-100 text-gray-800',
};

/** A ticket's state as a coloured pill, worded for the customer or for the back office. */
export function TicketStateBadge({
  state,
  staff = false,
}: {
  state: TicketState;
  staff?: boolean;
}) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[state],
      )}
    >
      {(staff ? adminTicketStateLabels : ticketStateLabels)[state]}
    </span>
  );
}
