import { formatDateTime } from '#shared/dates.ts';
import type { BackupItem, BackupList } from '#shared/backups.schemas.ts';
import { backupDownloadUrl, useBackups } from '../api/get-backups.ts';
import { useTakeBackup } from '../api/take-backup.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { DataTable, cell, numberCell } from '../../../components/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';

const size = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });
const bytes = (n: number) =>
  n < 1024 * 1024 ? `${size.format(n / 1024)} KB` : `${size.format(n / 1024 / 1024)} MB`;

const alertBox =
  'rounded-lg border border-red-200 bg-red-50 p-3 text-sm [overflow-wrap:anywhere] text-red-800';

const hours = (n: number) =>
  n === 24 ? 'day' : n === 168 ? 'week' : n === 1 ? 'hour' : `${n} hours`;

/** One sentence on where backups go, how often, and how many are kept. */
function scheduleText(list: BackupList): string {
  if (!list.enabled) {
    return 'Backups are off: the database is kept in memory and no BACKUP_DIR is set.';
  }
  const kept = `the newest ${list.keep} verified ${list.keep === 1 ? 'backup is' : 'backups are'} kept`;
  if (list.everyHours === 0) {
    return `No schedule (BACKUP_EVERY_HOURS is 0): a backup is taken when you ask, into ${list.folder}; ${kept}.`;
  }
  const next = list.nextRunAt ? ` Next: ${formatDateTime(list.nextRunAt)}.` : '';
  return `Every ${hours(list.everyHours)} into ${list.folder}, each read back and checked; ${kept}.${next}`;
}

function emptyText(list: BackupList): string {
  if (!list.enabled) return 'Set BACKUP_DIR to a folder on a disk that outlives this server.';
  const first = list.nextRunAt
    ? `The first scheduled backup runs on ${formatDateTime(list.nextRunAt)}. `
    : '';
  return `${first}Back up now to have a copy today.`;
}

const triggerLabel = (item: BackupItem) =>
  item.trigger === 'owner' ? 'Asked for' : item.trigger === 'schedule' ? 'Scheduled' : '—';

function Verified({ item }: { item: BackupItem }) {
  if (item.verified) return <span className="font-semibold text-green-800">Yes</span>;
  return (
    <span className="text-red-700">
      <span className="font-semibold">No</span>
      {item.verificationError && (
        <span className="[overflow-wrap:anywhere]">: {item.verificationError}</span>
      )}
    </span>
  );
}

/**
 * The scheduled backups on the database page: where and how often, each file with its size and
 * whether it was read back and matched, a download, and "Back up now".
 */
export function BackupsSection() {
  const query = useBackups();
  const take = useTakeBackup({
    onSuccess: () =>
      toast({
        title: 'Backup started',
        description: 'It appears here once written and checked, in a minute or so.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'No backup taken', description: error.message, variant: 'destructive' }),
  });
  return (
    <section aria-labelledby="backups-heading" className="grid gap-4">
      <QueryState query={query} label="the backups">
        {(list) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1">
                <h2 id="backups-heading" className="text-lg font-bold text-ink">
                  Backups
                </h2>
                <p className="max-w-prose text-sm [overflow-wrap:anywhere] text-muted">
                  {scheduleText(list)}
                </p>
              </div>
              <Button
                disabled={!list.enabled || take.isPending || list.inProgress}
                onClick={() => take.mutate()}
              >
                {list.inProgress ? 'Backing up…' : 'Back up now'}
              </Button>
            </div>
            {list.folderError && (
              <p role="alert" className={alertBox}>
                <span className="font-semibold">The backup folder cannot be read:</span>{' '}
                {list.folderError}
              </p>
            )}
            {list.lastFailure && (
              <p role="alert" className={alertBox}>
                <span className="font-semibold">
                  The backup of {formatDateTime(list.lastFailure.at)} failed
                  {list.lastFailure.retrying
                    ? ' and will be tried again shortly'
                    : ', out of tries (see Background jobs)'}
                  :
                </span>{' '}
                {list.lastFailure.error}
              </p>
            )}
            {list.items.length === 0 ? (
              <EmptyState title="No backups yet">{emptyText(list)}</EmptyState>
            ) : (
              <DataTable
                label="Backups"
                caption="Backup files, newest first, with their size and whether each was checked"
                columns={[
                  { label: 'Taken' },
                  { label: 'Why' },
                  { label: 'Size', align: 'right' },
                  { label: 'Verified' },
                  { label: 'File' },
                ]}
              >
                {list.items.map((item) => (
                  <tr key={item.name}>
                    <td className={cell}>{formatDateTime(item.createdAt)}</td>
                    <td className={cell}>{triggerLabel(item)}</td>
                    <td className={numberCell}>{bytes(item.bytes)}</td>
                    <td className={cell}>
                      <Verified item={item} />
                    </td>
                    <td className={cn(cell, 'font-mono text-xs')}>
                      <a
                        className="text-brand-700 underline-offset-4 hover:underline"
                        href={backupDownloadUrl(item.name)}
                        download
                      >
                        {item.name}
                      </a>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
