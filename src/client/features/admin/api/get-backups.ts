import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupListSchema } from '#shared/backups.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/backups: the backups in BACKUP_DIR, newest first, and the schedule. */
export const getBackups = () => apiRequest('GET', '/api/admin/backups', backupListSchema);

export const backupsQueryKey = ['/api/admin/backups'] as const;

export const backupsQueryOptions = queryOptions({
  queryKey: backupsQueryKey,
  queryFn: getBackups,
  // While a backup is being taken, look again every few seconds until it is listed.
  refetchInterval: (query) => (query.state.data?.inProgress ? 3000 : false),
});

export const useBackups = () => useQuery(backupsQueryOptions);

/** GET /api/admin/backups/{name}: one backup file as a download (audited). */
export const backupDownloadUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;
