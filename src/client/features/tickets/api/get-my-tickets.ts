import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ticketSummarySchema } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/tickets: the customer's tickets, most recently active first. */
export const getMyTickets = () => apiRequest('GET', '/api/tickets', z.array(ticketSummarySchema));

export const myTicketsQueryKey = ['/api/tickets'];

export const myTicketsQueryOptions = queryOptions({
  queryKey: myTicketsQueryKey,
  queryFn: getMyTickets,
});

export const useMyTickets = () => useQuery(myTicketsQueryOptions);
