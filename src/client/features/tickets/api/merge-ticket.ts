import type { TicketMergeInput } from '#shared/ticket-merge.schemas.ts';
import { adminTicketSchema, type AdminTicket } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminTicketQueryOptions } from './get-admin-ticket.ts';
import { adminTicketsQueryKey } from './get-admin-tickets.ts';

interface TicketMerge {
  reference: string;
  merge: TicketMergeInput;
}

/** POST /api/admin/tickets/{reference}/merge: answers with the ticket it went into. */
export const mergeTicket = ({ reference, merge }: TicketMerge) =>
  apiRequest(
    'POST',
    `/api/admin/tickets/${encodeURIComponent(reference)}/merge`,
    adminTicketSchema,
    merge,
  );

export const useMergeTicket = (mutationConfig?: MutationConfig<AdminTicket, TicketMerge>) =>
  useEndpointMutation(mergeTicket, mutationConfig, (queryClient, target, { reference }) => {
    queryClient.setQueryData(adminTicketQueryOptions(target.reference).queryKey, target);
    // The source is closed and empty now.
    void queryClient.invalidateQueries({ queryKey: adminTicketQueryOptions(reference).queryKey });
    void queryClient.invalidateQueries({ queryKey: adminTicketsQueryKey });
  });
