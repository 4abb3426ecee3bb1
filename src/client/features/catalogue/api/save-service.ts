import { useQueryClient } from '@tanstack/react-query';
import { catalogueSavedSchema, type ServiceEdit } from '#shared/catalogue-admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminCatalogueQueryOptions } from './get-admin-catalogue.ts';

interface ServiceSave {
  slug: string;
  edit: ServiceEdit;
}

/** PUT /api/admin/catalogue/services/{slug}: puts a whole service on sale or takes it off. */
export const saveService = ({ slug, edit }: ServiceSave) =>
  apiRequest(
    'PUT',
    `/api/admin/catalogue/services/${encodeURIComponent(slug)}`,
    catalogueSavedSchema,
    edit,
  );

export function useSaveService(
  mutationConfig: MutationConfig<{ id: string; saved: true }, ServiceSave> = {},
) {
  const queryClient = useQueryClient();
  return useEndpointMutation(saveService, mutationConfig, () => {
    void queryClient.invalidateQueries(adminCatalogueQueryOptions);
  });
}
