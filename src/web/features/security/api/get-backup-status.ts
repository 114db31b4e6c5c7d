import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupStatusSchema, type BackupStatus } from '@shared/schemas/backup';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under backup_runs, whose live changes (a run starting, finishing) refresh it on every instance. */
export const backupStatusQueryKey = liveKey('backup_runs');

/** Where the browser downloads a fresh dump: a plain link, so the file streams to disk instead of into memory. */
export const BACKUP_DOWNLOAD_URL = '/api/admin/backups/download';

export function getBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return apiFetch('/api/admin/backups', { schema: backupStatusSchema, signal });
}

export const backupStatusQueryOptions = () =>
  queryOptions({ queryKey: backupStatusQueryKey, queryFn: ({ signal }) => getBackupStatus(signal) });

export function useBackupStatus() {
  return useQuery(backupStatusQueryOptions());
}
