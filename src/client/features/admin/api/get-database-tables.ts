import { queryOptions, useQuery } from '@tanstack/react-query';
import { databaseTablesSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/database/tables: the engine, each table's rows and size, the migrations. */
export const getDatabaseTables = () =>
  apiRequest('GET', '/api/admin/database/tables', databaseTablesSchema);

export const databaseTablesQueryOptions = queryOptions({
  queryKey: ['/api/admin/database/tables'],
  queryFn: getDatabaseTables,
});

export const useDatabaseTables = () => useQuery(databaseTablesQueryOptions);

/** GET /api/admin/database/backup: the whole database as a download (audited). */
export const databaseBackupUrl = '/api/admin/database/backup';
