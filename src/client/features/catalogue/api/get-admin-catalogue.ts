import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCatalogueSchema } from '#shared/catalogue-admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/catalogue: every service with its packages and add-ons, and the TLD table. */
export const getAdminCatalogue = () =>
  apiRequest('GET', '/api/admin/catalogue', adminCatalogueSchema);

export const adminCatalogueQueryOptions = queryOptions({
  queryKey: ['/api/admin/catalogue'],
  queryFn: getAdminCatalogue,
});

export const useAdminCatalogue = () => useQuery(adminCatalogueQueryOptions);
