import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  mailLayoutSchema,
  mailPreviewSchema,
  type MailLayout,
  type MailLayoutInput,
  type MailPreview,
} from '#shared/mail-templates.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const mailLayoutQueryKey = ['/api/admin/mail-layout'] as const;

/** GET /api/admin/mail-layout: the look of every mail. */
export const useMailLayout = () =>
  useQuery(
    queryOptions({
      queryKey: mailLayoutQueryKey,
      queryFn: () => apiRequest('GET', '/api/admin/mail-layout', mailLayoutSchema),
    }),
  );

/** PUT /api/admin/mail-layout, or DELETE it (null) for the shipped look. */
export const useSaveMailLayout = (config?: MutationConfig<MailLayout, MailLayoutInput | null>) =>
  useEndpointMutation(
    (values: MailLayoutInput | null) =>
      values
        ? apiRequest('PUT', '/api/admin/mail-layout', mailLayoutSchema, values)
        : apiRequest('DELETE', '/api/admin/mail-layout', mailLayoutSchema),
    config,
    (queryClient, saved) => queryClient.setQueryData(mailLayoutQueryKey, saved),
  );

/** POST /api/admin/mail-layout/preview: a sample mail in the look being edited. */
export const useMailLayoutPreview = (config?: MutationConfig<MailPreview, MailLayoutInput>) =>
  useEndpointMutation(
    (values: MailLayoutInput) =>
      apiRequest('POST', '/api/admin/mail-layout/preview', mailPreviewSchema, values),
    config,
  );
