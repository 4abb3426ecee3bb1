import { useQueryClient } from '@tanstack/react-query';
import { catalogueSavedSchema, type AddOnEditInput } from '#shared/catalogue-admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminCatalogueQueryOptions } from './get-admin-catalogue.ts';

interface AddOnSave {
  id: string;
  edit: AddOnEditInput;
}

/** PUT /api/admin/catalogue/add-ons/{id}: an add-on's price and on-sale switch. */
export const saveAddOn = ({ id, edit }: AddOnSave) =>
  apiRequest(
    'PUT',
    `/api/admin/catalogue/add-ons/${encodeURIComponent(id)}`,
    catalogueSavedSchema,
    edit,
  );

export function useSaveAddOn(
  mutationConfig: MutationConfig<{ id: string; saved: true }, AddOnSave> = {},
) {
  const queryClient = useQueryClient();
  return useEndpointMutation(saveAddOn, mutationConfig, () => {
    void queryClient.invalidateQueries(adminCatalogueQueryOptions);
  });
}
