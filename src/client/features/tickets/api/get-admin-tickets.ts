import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTicketPageSchema, type AdminTicketsQuery } from '#shared/tickets.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/tickets: one page of tickets, filtered by state, category and assignee. */
export const getAdminTickets = (query: AdminTicketsQuery) =>
  apiRequest('GET', withQuery('/api/admin/tickets', { ...query }), adminTicketPageSchema);

export const adminTicketsQueryKey = ['/api/admin/tickets'];

export const adminTicketsQueryOptions = (query: AdminTicketsQuery) =>
  queryOptions({
    queryKey: [...adminTicketsQueryKey, query],
    queryFn: () => getAdminTickets(query),
    placeholderData: keepPreviousData,
  });

export const useAdminTickets = (query: AdminTicketsQuery) =>
  useQuery(adminTicketsQueryOptions(query));
