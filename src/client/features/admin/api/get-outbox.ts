import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxPageSchema } from '#shared/admin.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/outbox: one page of the mail outbox, newest first. */
export const getOutbox = (page: number) =>
  apiRequest('GET', withQuery('/api/admin/outbox', { page }), outboxPageSchema);

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/outbox', page],
    queryFn: () => getOutbox(page),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number) => useQuery(outboxQueryOptions(page));
