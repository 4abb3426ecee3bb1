import type { SpeedReportRequest } from '#shared/speed-reports.schemas.ts';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/**
 * POST /api/speed-reports: queues a report of a website (202 `{ id, status: "queued" }`). The
 * address box sits on the home page, so the schema comes with the answer, not with the page.
 */
export const createSpeedReport = (request: SpeedReportRequest) =>
  apiRequest(
    'POST',
    '/api/speed-reports',
    schemaFrom(() => import('#shared/speed-reports.schemas.ts'), 'speedReportCreatedSchema'),
    request,
  );

/** Starts a report; the caller goes to its page. */
export const useCreateSpeedReport = (
  mutationConfig?: MutationConfig<{ id: string; status: 'queued' }, SpeedReportRequest>,
) => useEndpointMutation(createSpeedReport, mutationConfig);
