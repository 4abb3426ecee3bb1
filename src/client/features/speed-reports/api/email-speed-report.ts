import { messageSchema } from '#shared/auth.schemas.ts';
import type { SpeedReportEmail } from '#shared/speed-reports.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

interface ReportEmail {
  id: string;
  request: SpeedReportEmail;
}

/** POST /api/speed-reports/{id}/email: sends the report's link to an address (202). */
export const emailSpeedReport = ({ id, request }: ReportEmail) =>
  apiRequest('POST', `/api/speed-reports/${encodeURIComponent(id)}/email`, messageSchema, request);

export const useEmailSpeedReport = (
  mutationConfig?: MutationConfig<{ message: string }, ReportEmail>,
) => useEndpointMutation(emailSpeedReport, mutationConfig);
