import { ticketSchema, type Ticket } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myTicketQueryOptions } from './get-my-ticket.ts';
import { myTicketsQueryKey } from './get-my-tickets.ts';

interface Reply {
  reference: string;
  message: string;
}

/** POST /api/tickets/{reference}/messages: the customer's reply; the ticket opens again. */
export const replyToTicket = ({ reference, message }: Reply) =>
  apiRequest('POST', `/api/tickets/${encodeURIComponent(reference)}/messages`, ticketSchema, {
    message,
  });

export const useReplyToTicket = (mutationConfig?: MutationConfig<Ticket, Reply>) =>
  useEndpointMutation(replyToTicket, mutationConfig, (queryClient, ticket) => {
    queryClient.setQueryData(myTicketQueryOptions(ticket.reference).queryKey, ticket);
    void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
  });
