import type { NewTicketInput, Ticket } from '#shared/tickets.schemas.ts';
import { ticketSchema } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myTicketQueryOptions } from './get-my-ticket.ts';
import { myTicketsQueryKey } from './get-my-tickets.ts';

/** POST /api/tickets: opens a ticket; answers 201 with it and its first message. */
export const createTicket = (input: NewTicketInput) =>
  apiRequest('POST', '/api/tickets', ticketSchema, input);

export const useCreateTicket = (mutationConfig?: MutationConfig<Ticket, NewTicketInput>) =>
  useEndpointMutation(createTicket, mutationConfig, (queryClient, ticket) => {
    queryClient.setQueryData(myTicketQueryOptions(ticket.reference).queryKey, ticket);
    void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
  });
