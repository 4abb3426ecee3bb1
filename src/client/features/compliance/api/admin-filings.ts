import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  complianceFilingListSchema,
  type ComplianceFilingList,
} from '#shared/compliance.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** GET /api/admin/compliance/filings: what compliance care owes, open first. */
export const adminFilingsQueryKey = ['/api/admin/compliance/filings'];
export const useAdminFilings = () =>
  useQuery({
    queryKey: adminFilingsQueryKey,
    queryFn: () => apiRequest('GET', '/api/admin/compliance/filings', complianceFilingListSchema),
  });

/** POST /api/admin/compliance/filings/{id}/filed: the team filed it; answers the list. */
export const markFiled = (id: string) =>
  apiRequest(
    'POST',
    `/api/admin/compliance/filings/${encodeURIComponent(id)}/filed`,
    complianceFilingListSchema,
  );

export const useMarkFiled = (config?: MutationConfig<ComplianceFilingList, string>) =>
  useEndpointMutation(markFiled, config, (queryClient: QueryClient, list) =>
    queryClient.setQueryData(adminFilingsQueryKey, list),
  );
