import { queryOptions, useQuery } from '@tanstack/react-query';
import { speedReportSchema, type SpeedReport } from '#shared/speed-reports.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/speed-reports/{id}: the report, its place in the queue while it waits. */
export const getSpeedReport = (id: string) =>
  apiRequest('GET', `/api/speed-reports/${encodeURIComponent(id)}`, speedReportSchema);

export const speedReportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/speed-reports', id],
    queryFn: () => getSpeedReport(id),
  });

const unfinished = (report: SpeedReport | undefined) =>
  !report || report.status === 'queued' || report.status === 'running';

/** The report, asked again every second until it is done or failed. */
export const useSpeedReport = (id: string) =>
  useQuery({
    ...speedReportQueryOptions(id),
    refetchInterval: (query) => (unfinished(query.state.data) ? 1000 : false),
    refetchOnWindowFocus: false,
  });

/** GET /api/speed-reports/{id}/screenshot: the page as the test browser showed it (JPEG). */
export const speedReportScreenshotUrl = (id: string) =>
  `/api/speed-reports/${encodeURIComponent(id)}/screenshot`;

/** GET /api/speed-reports/{id}/report.pdf: the finished report as a PDF download. */
export const speedReportPdfUrl = (id: string) =>
  `/api/speed-reports/${encodeURIComponent(id)}/report.pdf`;
