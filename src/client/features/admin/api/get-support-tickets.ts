import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contactMessagePageSchema } from '#shared/admin.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/support-tickets: one page of contact-form messages, newest first. */
export const getSupportTickets = (page: number) =>
  apiRequest('GET', withQuery('/api/admin/support-tickets', { page }), contactMessagePageSchema);

export const supportTicketsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/support-tickets', page],
    queryFn: () => getSupportTickets(page),
    placeholderData: keepPreviousData,
  });

export const useSupportTickets = (page: number) => useQuery(supportTicketsQueryOptions(page));
