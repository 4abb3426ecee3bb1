import {
  serviceRequestSchemaOut,
  type ServiceRequest,
  type StatusChange,
} from '#shared/requests.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { serviceRequestsQueryKey } from './get-service-requests.ts';

interface RequestStatusChange {
  id: string;
  change: StatusChange;
}

/** PATCH /api/admin/service-requests/{id}: the next status, with the amount when quoting. */
export const changeServiceRequestStatus = ({ id, change }: RequestStatusChange) =>
  apiRequest(
    'PATCH',
    `/api/admin/service-requests/${encodeURIComponent(id)}`,
    serviceRequestSchemaOut,
    change,
  );

export const useChangeServiceRequestStatus = (
  mutationConfig?: MutationConfig<ServiceRequest, RequestStatusChange>,
) =>
  useEndpointMutation(changeServiceRequestStatus, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: serviceRequestsQueryKey });
  });
