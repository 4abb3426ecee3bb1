import { speedReportCreatedSchema } from '#shared/speed-reports.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { mySpeedReportsQueryKey } from './get-my-speed-reports.ts';

/**
 * POST /api/user/speed-reports/{id}/retest: measures a paid report's address again (within 30
 * days of payment); 202 `{ id, status: "queued" }`.
 */
export const retestSpeedReport = (purchaseId: string) =>
  apiRequest(
    'POST',
    `/api/user/speed-reports/${encodeURIComponent(purchaseId)}/retest`,
    speedReportCreatedSchema,
  );

export const useRetestSpeedReport = (
  mutationConfig?: MutationConfig<{ id: string; status: 'queued' }, string>,
) =>
  useEndpointMutation(retestSpeedReport, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: mySpeedReportsQueryKey });
  });
