import {
  announcementSchema,
  type Announcement,
  type AnnouncementValues,
} from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminAnnouncementsQueryKey } from './get-admin-announcements.ts';

interface SaveInput {
  /** The announcement changed; none for a new one. */
  id?: string | undefined;
  values: AnnouncementValues;
}

/** POST /api/admin/announcements (a new one) or PUT /api/admin/announcements/{id}. */
export const saveAnnouncement = ({ id, values }: SaveInput) =>
  id
    ? apiRequest(
        'PUT',
        `/api/admin/announcements/${encodeURIComponent(id)}`,
        announcementSchema,
        values,
      )
    : apiRequest('POST', '/api/admin/announcements', announcementSchema, values);

export const useSaveAnnouncement = (config?: MutationConfig<Announcement, SaveInput>) =>
  useEndpointMutation(saveAnnouncement, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminAnnouncementsQueryKey });
  });
