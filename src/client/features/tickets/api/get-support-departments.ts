import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportDepartmentsSchema } from '#shared/ticket-desk.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const supportDepartmentsQueryKey = ['/api/admin/support-departments'] as const;

/** GET /api/admin/support-departments: each department with its staff, and who can be added. */
export const getSupportDepartments = () =>
  apiRequest('GET', '/api/admin/support-departments', supportDepartmentsSchema);

export const supportDepartmentsQueryOptions = queryOptions({
  queryKey: supportDepartmentsQueryKey,
  queryFn: getSupportDepartments,
});

export const useSupportDepartments = () => useQuery(supportDepartmentsQueryOptions);
