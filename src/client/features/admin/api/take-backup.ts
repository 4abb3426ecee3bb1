import { backupRequestedSchema, type BackupRequested } from '#shared/backups.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { backupsQueryKey } from './get-backups.ts';

/** POST /api/admin/backups: a backup is queued and taken now by the job runner. */
export const takeBackup = () => apiRequest('POST', '/api/admin/backups', backupRequestedSchema);

export const useTakeBackup = (mutationConfig?: MutationConfig<BackupRequested, void>) =>
  useEndpointMutation(takeBackup, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: backupsQueryKey });
  });
