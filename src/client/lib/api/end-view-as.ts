import { apiRequest, schemaFrom } from '../api-client.ts';

/**
 * DELETE /api/admin/view-as: ends the administrator's view of the customer area as a customer;
 * the answer names the customer it showed.
 */
export const endViewAs = () =>
  apiRequest(
    'DELETE',
    '/api/admin/view-as',
    schemaFrom(() => import('#shared/view-as.schemas.ts'), 'viewAsEndedSchema'),
  );
