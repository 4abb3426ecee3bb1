import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { serviceRequestPageSchema, type ServiceRequestStatus } from '#shared/requests.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

interface ServiceRequestFilters {
  page: number;
  status: ServiceRequestStatus | '';
  serviceType?: string;
}

/** GET /api/admin/service-requests: one page of requests, filtered by status and service. */
export const getServiceRequests = (filters: ServiceRequestFilters) =>
  apiRequest(
    'GET',
    withQuery('/api/admin/service-requests', { ...filters }),
    serviceRequestPageSchema,
  );

/** Every page and filter of the list: what a change to a request invalidates. */
export const serviceRequestsQueryKey = ['/api/admin/service-requests'] as const;

export const serviceRequestsQueryOptions = (filters: ServiceRequestFilters) =>
  queryOptions({
    queryKey: [...serviceRequestsQueryKey, filters.page, filters.status, filters.serviceType],
    queryFn: () => getServiceRequests(filters),
    placeholderData: keepPreviousData,
  });

export const useServiceRequests = (filters: ServiceRequestFilters) =>
  useQuery(serviceRequestsQueryOptions(filters));
