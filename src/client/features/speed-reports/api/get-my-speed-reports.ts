import { queryOptions, useQuery } from '@tanstack/react-query';
import { speedReportHistorySchema } from '#shared/speed-reports.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/speed-reports: the customer's paid full reports, each with its runs. */
export const getMySpeedReports = () =>
  apiRequest('GET', '/api/user/speed-reports', speedReportHistorySchema);

export const mySpeedReportsQueryKey = ['/api/user/speed-reports'];

export const mySpeedReportsQueryOptions = queryOptions({
  queryKey: mySpeedReportsQueryKey,
  queryFn: getMySpeedReports,
});

/** Asked again every few seconds while one of the runs is still measuring. */
export const useMySpeedReports = () =>
  useQuery({
    ...mySpeedReportsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.purchases.some((purchase) =>
        purchase.runs.some((run) => run.status === 'queued' || run.status === 'running'),
      )
        ? 3000
        : false,
  });
