import { viewAsStartedSchema, type ViewAsStarted } from '#shared/view-as.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/**
 * POST /api/admin/customers/{id}/view-as: opens the customer area as this customer, read-only
 * (audited); the answer names the page it opens on.
 */
export const startViewAs = (id: string) =>
  apiRequest('POST', `/api/admin/customers/${encodeURIComponent(id)}/view-as`, viewAsStartedSchema);

export const useStartViewAs = (config?: MutationConfig<ViewAsStarted, string>) =>
  useEndpointMutation(startViewAs, config);
