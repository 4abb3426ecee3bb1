import { queryOptions, useQuery } from '@tanstack/react-query';
import { databaseTablesSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/database/tables: the engine and each table's row count. */
export const getDatabaseTables = () =>
  apiRequest('GET', '/api/admin/database/tables', databaseTablesSchema);

export const databaseTablesQueryOptions = queryOptions({
  queryKey: ['/api/admin/database/tables'],
  queryFn: getDatabaseTables,
});

export const useDatabaseTables = () => useQuery(databaseTablesQueryOptions);
