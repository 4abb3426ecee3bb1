import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicAnnouncementListSchema } from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/announcements: what is announced now, newest first. */
export const getAnnouncements = () =>
  apiRequest('GET', '/api/announcements', publicAnnouncementListSchema);

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/announcements'], queryFn: getAnnouncements });

export const useAnnouncements = () => useQuery(announcementsQueryOptions());
