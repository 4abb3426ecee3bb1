import type { ServiceRequestCreated, ServiceRequestInput } from '#shared/requests.schemas.ts';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/service-requests: a request for a quote or a call back, with its reference. */
export const createServiceRequest = (input: ServiceRequestInput) =>
  apiRequest(
    'POST',
    '/api/service-requests',
    // zod comes with the first request, not with the public page that shows the form.
    schemaFrom(() => import('#shared/requests.schemas.ts'), 'serviceRequestCreatedSchema'),
    input,
  );

export const useCreateServiceRequest = (
  mutationConfig?: MutationConfig<ServiceRequestCreated, ServiceRequestInput>,
) => useEndpointMutation(createServiceRequest, mutationConfig);
