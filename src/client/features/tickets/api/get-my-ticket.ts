import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketSchema } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/tickets/{reference}: one of the customer's tickets with its conversation. */
export const getMyTicket = (reference: string) =>
  apiRequest('GET', `/api/tickets/${encodeURIComponent(reference)}`, ticketSchema);

export const myTicketQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/tickets/', reference],
    queryFn: () => getMyTicket(reference),
  });

export const useMyTicket = (reference: string) => useQuery(myTicketQueryOptions(reference));
