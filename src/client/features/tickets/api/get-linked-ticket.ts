import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketSchema } from '#shared/tickets.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/ticket-link?token=…: the ticket a mailed reply link opens, for a visitor. */
export const getLinkedTicket = (token: string) =>
  apiRequest('GET', withQuery('/api/ticket-link', { token }), ticketSchema);

export const linkedTicketQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/ticket-link', token],
    queryFn: () => getLinkedTicket(token),
    retry: false,
  });

export const useLinkedTicket = (token: string) =>
  useQuery({ ...linkedTicketQueryOptions(token), enabled: token !== '' });
