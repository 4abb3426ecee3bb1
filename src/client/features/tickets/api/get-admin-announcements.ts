import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementListSchema } from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminAnnouncementsQueryKey = ['/api/admin/announcements'] as const;

/** GET /api/admin/announcements: scheduled, current and past, with where each mailing stands. */
export const getAdminAnnouncements = () =>
  apiRequest('GET', '/api/admin/announcements', announcementListSchema);

export const adminAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: adminAnnouncementsQueryKey, queryFn: getAdminAnnouncements });

/** A mailing under way is polled, so "Mailing…" turns into "Mailed to N customers" by itself. */
export const useAdminAnnouncements = () =>
  useQuery({
    ...adminAnnouncementsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((announcement) => announcement.mailing.state === 'mailing')
        ? 10_000
        : false,
  });
