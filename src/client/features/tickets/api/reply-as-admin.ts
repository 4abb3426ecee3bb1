import {
  adminTicketSchema,
  type AdminTicket,
  type AdminTicketReplyInput,
} from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminTicketQueryOptions } from './get-admin-ticket.ts';
import { adminTicketsQueryKey } from './get-admin-tickets.ts';

interface StaffReply {
  reference: string;
  reply: AdminTicketReplyInput;
}

/** POST /api/admin/tickets/{reference}/messages: a reply to the customer or an internal note. */
export const replyAsAdmin = ({ reference, reply }: StaffReply) =>
  apiRequest(
    'POST',
    `/api/admin/tickets/${encodeURIComponent(reference)}/messages`,
    adminTicketSchema,
    reply,
  );

export const useReplyAsAdmin = (mutationConfig?: MutationConfig<AdminTicket, StaffReply>) =>
  useEndpointMutation(replyAsAdmin, mutationConfig, (queryClient, ticket) => {
    queryClient.setQueryData(adminTicketQueryOptions(ticket.reference).queryKey, ticket);
    void queryClient.invalidateQueries({ queryKey: adminTicketsQueryKey });
  });
