import {
  serviceRequestCreatedSchema,
  type ServiceRequestCreated,
  type ServiceRequestInput,
} from '#shared/requests.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/service-requests: a request for a quote or a call back, with its reference. */
export const createServiceRequest = (input: ServiceRequestInput) =>
  apiRequest('POST', '/api/service-requests', serviceRequestCreatedSchema, input);

export const useCreateServiceRequest = (
  mutationConfig?: MutationConfig<ServiceRequestCreated, ServiceRequestInput>,
) => useEndpointMutation(createServiceRequest, mutationConfig);
