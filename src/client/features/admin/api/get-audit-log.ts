import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogPageSchema } from '#shared/admin.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

export interface AuditFilters {
  page: number;
  action: string;
  actor: string;
  from: string;
  to: string;
}

/** GET /api/admin/audit-log: one page of entries, newest first, filtered. */
export const getAuditLog = (filters: AuditFilters) =>
  apiRequest('GET', withQuery('/api/admin/audit-log', { ...filters }), auditLogPageSchema);

export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['/api/admin/audit-log', filters],
    queryFn: () => getAuditLog(filters),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filters: AuditFilters) => useQuery(auditLogQueryOptions(filters));
