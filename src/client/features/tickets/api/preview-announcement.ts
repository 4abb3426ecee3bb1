import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementPreviewResultSchema } from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/announcements/preview: the Markdown through the same sanitiser as on save. */
export const previewAnnouncement = (bodyMarkdown: string) =>
  apiRequest('POST', '/api/admin/announcements/preview', announcementPreviewResultSchema, {
    bodyMarkdown,
  });

export const announcementPreviewQueryOptions = (bodyMarkdown: string) =>
  queryOptions({
    queryKey: ['/api/admin/announcements/preview', bodyMarkdown],
    queryFn: () => previewAnnouncement(bodyMarkdown),
    staleTime: Infinity,
  });

/** The preview of `bodyMarkdown` (the caller passes it debounced); the last one stays meanwhile. */
export const useAnnouncementPreview = (bodyMarkdown: string) =>
  useQuery({
    ...announcementPreviewQueryOptions(bodyMarkdown),
    enabled: bodyMarkdown.trim() !== '',
    placeholderData: (previous) => previous,
  });
