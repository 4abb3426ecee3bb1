import { ticketSchema, type Ticket } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { linkedTicketQueryOptions } from './get-linked-ticket.ts';

interface LinkReply {
  token: string;
  message: string;
}

/** POST /api/ticket-link/messages: a visitor's reply through the link they were mailed. */
export const replyByLink = (reply: LinkReply) =>
  apiRequest('POST', '/api/ticket-link/messages', ticketSchema, reply);

export const useReplyByLink = (mutationConfig?: MutationConfig<Ticket, LinkReply>) =>
  useEndpointMutation(replyByLink, mutationConfig, (queryClient, ticket, { token }) => {
    queryClient.setQueryData(linkedTicketQueryOptions(token).queryKey, ticket);
  });
