import { queryOptions, useQuery } from '@tanstack/react-query';
import { cannedReplyListSchema } from '#shared/canned-replies.schemas.ts';
import type { DepartmentId } from '#shared/ticket-desk.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

export const cannedRepliesQueryKey = ['/api/admin/canned-replies'] as const;

/** GET /api/admin/canned-replies: every reply by title, `department`'s first. */
export const getCannedReplies = (department?: DepartmentId) =>
  apiRequest('GET', withQuery('/api/admin/canned-replies', { department }), cannedReplyListSchema);

export const cannedRepliesQueryOptions = (department?: DepartmentId) =>
  queryOptions({
    queryKey: [...cannedRepliesQueryKey, department ?? 'all'],
    queryFn: () => getCannedReplies(department),
  });

export const useCannedReplies = (department?: DepartmentId) =>
  useQuery(cannedRepliesQueryOptions(department));
