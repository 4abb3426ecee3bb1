import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { speedReportAdminPageSchema } from '#shared/speed-reports.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/speed-reports: one page of every report, newest first. */
export const getAdminSpeedReports = (page: number) =>
  apiRequest('GET', withQuery('/api/admin/speed-reports', { page }), speedReportAdminPageSchema);

export const adminSpeedReportsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['/api/admin/speed-reports', page],
    queryFn: () => getAdminSpeedReports(page),
    placeholderData: keepPreviousData,
  });

export const useAdminSpeedReports = (page: number) => useQuery(adminSpeedReportsQueryOptions(page));
