import { createReadStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Db, Tx } from '#db/client.ts';
import { jobs } from '#db/schema/index.ts';
import type {
  BackupEngine,
  BackupItem,
  BackupList,
  BackupTrigger,
} from '#shared/backups.schemas.ts';
import type { BackupsConfig } from '../../config.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  backupFileName,
  backupPath,
  fileDigest,
  listBackupFiles,
  manifestPath,
  pruneBackups,
  syncToDisk,
  temporaryPath,
  writeFileAtomic,
  type BackupFile,
  type BackupManifest,
} from './backup-files.ts';
import { dumpEmbedded, dumpServer } from './dump-database.ts';
import { verifyBackup } from './verify-backup.ts';

const hourMs = 3_600_000;

/** pg_dump and pg_restore are stopped after this long: a hung server never holds the job forever. */
export const backupTimeoutMs = 30 * 60_000;

export const engineOf = (database: Database): BackupEngine =>
  database.kind === 'pglite' ? 'embedded' : 'postgres';

/**
 * When the next scheduled backup is due after `now`: every `everyHours` counted from 00:00 UTC
 * (02:00 in South Africa, a quiet hour), so every process computes the same times.
 */
export function nextBackupRun(now: Date, everyHours: number): Date {
  const period = everyHours * hourMs;
  return new Date((Math.floor(now.getTime() / period) + 1) * period);
}

/** The key of the scheduled backup due at `at`: one per slot, however many processes start. */
export const backupKey = (at: Date) => `backup:${at.toISOString()}`;

/** An owner's "back up now": one waiting at a time, however often the button is pressed. */
const ownerKey = 'backup:owner';

/**
 * Queues the next scheduled backup (nothing when the schedule is off or there is no folder).
 * Every start calls it, and every scheduled run before it works, so neither a restart nor a
 * failing run breaks the chain.
 */
export async function scheduleNextBackup(
  db: Db,
  config: BackupsConfig,
  now: Date,
): Promise<Date | null> {
  if (!config.dir || config.everyHours === 0) return null;
  const at = nextBackupRun(now, config.everyHours);
  await enqueueJob(db, 'backup', { trigger: 'schedule' }, { key: backupKey(at), runAt: at });
  return at;
}

const noFolder = () =>
  new AppError('CONFLICT', {
    message:
      'Backups need a folder: set BACKUP_DIR (the database is in memory, so there is no DATA_DIR to keep them in)',
  });

/** An owner asks for a backup now: queued for the job runner (audited by the route). */
export async function requestBackup(db: Db | Tx, config: BackupsConfig): Promise<void> {
  if (!config.dir) throw noFolder();
  await enqueueJob(db, 'backup', { trigger: 'owner' }, { key: ownerKey });
}

/** Thrown after a backup that failed its verification was recorded: the queue tries again. */
export class BackupNotVerifiedError extends Error {}

/**
 * Takes one backup into BACKUP_DIR: dumped under a hidden temporary name, read back and checked
 * (verify-backup.ts), its manifest written, then renamed into place, so a listed backup is
 * always whole. Then retention runs. A backup that fails its check is kept and listed with the
 * reason, and the call throws, so the job is tried again and, out of tries, shows as failed.
 */
export async function takeBackup(options: {
  database: Database;
  config: BackupsConfig;
  trigger: BackupTrigger;
  now: () => Date;
  timeoutMs?: number;
}): Promise<BackupManifest> {
  const { database, config, trigger, now } = options;
  const dir = config.dir;
  if (!dir) throw noFolder();
  const timeoutMs = options.timeoutMs ?? backupTimeoutMs;
  await mkdir(dir, { recursive: true });
  const engine = engineOf(database);
  const createdAt = now();
  const name = backupFileName(createdAt, engine, new Set(await readdir(dir)));
  const final = join(dir, name);
  const temporary = temporaryPath(dir, name);
  try {
    const facts =
      engine === 'embedded'
        ? await dumpEmbedded(database.pglite!, temporary)
        : await dumpServer(database.url!, temporary, timeoutMs);
    const { bytes, sha256 } = await fileDigest(temporary);
    const verification = await verifyBackup({
      engine,
      file: temporary,
      facts,
      timeoutMs,
      now: now(),
    });
    const manifest: BackupManifest = {
      format: 1,
      name,
      engine,
      createdAt: createdAt.toISOString(),
      trigger,
      bytes,
      sha256,
      facts,
      verification,
    };
    // The manifest first: a backup file in the folder always has its record beside it.
    await writeFileAtomic(dir, manifestPath(final), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(temporary, final);
    await syncToDisk(dir);
    await pruneBackups(dir, config.keep, now());
    if (!verification.ok) {
      throw new BackupNotVerifiedError(
        `backup ${name} failed its verification (${verification.detail}): ${verification.error}`,
      );
    }
    return manifest;
  } finally {
    await rm(temporary, { force: true });
  }
}

const engineOfName = (name: string): BackupEngine =>
  name.endsWith('.dump') ? 'postgres' : 'embedded';

const toItem = (file: BackupFile): BackupItem => ({
  name: file.name,
  engine: file.manifest?.engine ?? engineOfName(file.name),
  bytes: file.bytes,
  createdAt: file.createdAt.toISOString(),
  trigger: file.manifest?.trigger ?? null,
  verified: file.manifest?.verification.ok ?? false,
  verificationError: file.manifest
    ? file.manifest.verification.error
    : 'No manifest beside this file: it was not verified here',
});

/** The backups in the folder, newest first, with the schedule and what is waiting to run. */
export async function listBackups(db: Db, config: BackupsConfig): Promise<BackupList> {
  let folderError: string | null = null;
  const [files, runs] = await Promise.all([
    // A folder that cannot be read is shown as such, not as a failed page.
    config.dir
      ? listBackupFiles(config.dir).catch((error: unknown) => {
          folderError = error instanceof Error ? error.message : String(error);
          return [];
        })
      : [],
    db
      .select({
        status: jobs.status,
        runAt: jobs.runAt,
        payload: jobs.payload,
        lastError: jobs.lastError,
        updatedAt: jobs.updatedAt,
      })
      .from(jobs)
      .where(and(eq(jobs.name, 'backup'), inArray(jobs.status, ['queued', 'running', 'failed']))),
  ]);
  const now = Date.now();
  const failure = runs
    .filter((job) => job.lastError !== null && job.status !== 'running')
    .filter((job) => !files[0] || job.updatedAt > files[0].createdAt)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  const scheduled = runs
    .filter((job) => job.status === 'queued' && job.payload.trigger === 'schedule')
    .map((job) => job.runAt.getTime())
    .sort((a, b) => a - b);
  return {
    enabled: config.dir !== null,
    folder: config.dir,
    folderError,
    everyHours: config.everyHours,
    keep: config.keep,
    nextRunAt: scheduled[0] === undefined ? null : new Date(scheduled[0]).toISOString(),
    inProgress: runs.some(
      (job) => job.status === 'running' || (job.status === 'queued' && job.runAt.getTime() <= now),
    ),
    lastFailure: failure
      ? {
          at: failure.updatedAt.toISOString(),
          error: failure.lastError!,
          retrying: failure.status === 'queued',
        }
      : null,
    items: files.map(toItem),
  };
}

export interface BackupDownload {
  name: string;
  bytes: number;
  contentType: string;
  /** Opened only once the download is allowed and recorded. */
  open: () => ReadStream;
}

/** One backup file to download; 404 for any name that is not a backup in the folder. */
export async function openBackupDownload(
  config: BackupsConfig,
  name: string,
): Promise<BackupDownload> {
  const path = config.dir ? backupPath(config.dir, name) : null;
  // lstat: a link planted in the folder is not followed out of it.
  const info = path ? await lstat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) {
    throw new AppError('NOT_FOUND', {
      message: 'No such backup: it may have been removed by retention',
    });
  }
  return {
    name,
    bytes: info.size,
    contentType: name.endsWith('.tar.gz') ? 'application/gzip' : 'application/octet-stream',
    open: () => createReadStream(path),
  };
}
