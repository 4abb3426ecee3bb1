import {
  supportDepartmentSchema,
  type DepartmentId,
  type DepartmentUpdateInput,
  type SupportDepartment,
} from '#shared/ticket-desk.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { supportDepartmentsQueryKey } from './get-support-departments.ts';

interface DepartmentUpdate {
  id: DepartmentId;
  change: DepartmentUpdateInput;
}

/** PATCH /api/admin/support-departments/{id}: its name, address, alerts and staff (owners). */
export const updateSupportDepartment = ({ id, change }: DepartmentUpdate) =>
  apiRequest(
    'PATCH',
    `/api/admin/support-departments/${encodeURIComponent(id)}`,
    supportDepartmentSchema,
    change,
  );

export const useUpdateSupportDepartment = (
  config?: MutationConfig<SupportDepartment, DepartmentUpdate>,
) =>
  useEndpointMutation(updateSupportDepartment, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: supportDepartmentsQueryKey });
  });
