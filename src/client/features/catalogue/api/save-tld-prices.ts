import { useQueryClient } from '@tanstack/react-query';
import {
  tldSavedSchema,
  type AdminTldRow,
  type TldPriceEditInput,
} from '#shared/catalogue-admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminCatalogueQueryOptions } from './get-admin-catalogue.ts';

interface TldSave {
  tld: string;
  edit: TldPriceEditInput;
}

/** PUT /api/admin/catalogue/tlds/{tld}: what the registrar charges for an ending, and its switch. */
export const saveTldPrices = ({ tld, edit }: TldSave) =>
  apiRequest('PUT', `/api/admin/catalogue/tlds/${encodeURIComponent(tld)}`, tldSavedSchema, edit);

export function useSaveTldPrices(mutationConfig: MutationConfig<AdminTldRow, TldSave> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(saveTldPrices, mutationConfig, () => {
    void queryClient.invalidateQueries(adminCatalogueQueryOptions);
  });
}
