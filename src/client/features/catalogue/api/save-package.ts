import { useQueryClient } from '@tanstack/react-query';
import { catalogueSavedSchema, type PackageEdit } from '#shared/catalogue-admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminCatalogueQueryOptions } from './get-admin-catalogue.ts';
import { priceMoveOfferQueryOptions } from './price-move.ts';

interface PackageSave {
  id: string;
  edit: PackageEdit;
}

/** PUT /api/admin/catalogue/packages/{id}: price, delivery time, features and on-sale switch. */
export const savePackage = ({ id, edit }: PackageSave) =>
  apiRequest(
    'PUT',
    `/api/admin/catalogue/packages/${encodeURIComponent(id)}`,
    catalogueSavedSchema,
    edit,
  );

export function useSavePackage(
  mutationConfig: MutationConfig<{ id: string; saved: true }, PackageSave> = {},
) {
  const queryClient = useQueryClient();
  return useEndpointMutation(savePackage, mutationConfig, (_client, _saved, { id }) => {
    void queryClient.invalidateQueries(adminCatalogueQueryOptions);
    // A new price may leave running subscriptions at the old one: the move is offered again.
    void queryClient.invalidateQueries(priceMoveOfferQueryOptions(id));
  });
}
