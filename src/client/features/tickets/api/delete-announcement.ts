import {
  announcementDeletedSchema,
  type AnnouncementDeleted,
} from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminAnnouncementsQueryKey } from './get-admin-announcements.ts';

/** DELETE /api/admin/announcements/{id}. */
export const deleteAnnouncement = (id: string) =>
  apiRequest(
    'DELETE',
    `/api/admin/announcements/${encodeURIComponent(id)}`,
    announcementDeletedSchema,
  );

export const useDeleteAnnouncement = (config?: MutationConfig<AnnouncementDeleted, string>) =>
  useEndpointMutation(deleteAnnouncement, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminAnnouncementsQueryKey });
  });
