import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  backupEngines,
  backupFileNamePattern,
  backupTriggers,
  type BackupEngine,
} from '#shared/backups.schemas.ts';
import { databaseFactsSchema } from './backup-facts.ts';

/**
 * The sidecar `<backup>.json` written beside each backup: what it holds (the facts the restore
 * drill checks), its checksum, and how its verification went. It travels with the file, so a
 * backup copied elsewhere can still be checked.
 */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  name: z.string(),
  engine: z.enum(backupEngines),
  createdAt: z.iso.datetime(),
  trigger: z.enum(backupTriggers),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  facts: databaseFactsSchema,
  verification: z.object({
    ok: z.boolean(),
    checkedAt: z.iso.datetime(),
    /** What was checked, e.g. "restored into a fresh PGlite: 43 tables match". */
    detail: z.string(),
    error: z.string().nullable(),
  }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export interface BackupFile {
  name: string;
  path: string;
  bytes: number;
  /** The manifest's time, else the file's (a backup without its manifest). */
  createdAt: Date;
  manifest: BackupManifest | null;
}

export const manifestPath = (dataPath: string) => `${dataPath}.json`;

const extensions: Record<BackupEngine, string> = {
  embedded: 'embedded.tar.gz',
  postgres: 'postgres.dump',
};

/** `backup-20260105T000000Z-embedded.tar.gz`: sorts by time, says which engine restores it. */
export function backupFileName(at: Date, engine: BackupEngine, taken: ReadonlySet<string>) {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  for (let n = 1; ; n++) {
    const name = `backup-${stamp}${n === 1 ? '' : `-${n}`}-${extensions[engine]}`;
    if (!taken.has(name)) return name;
  }
}

/**
 * The path of a backup in `dir`, or null for anything that is not one: the name must be a backup
 * file name (no separators, no dots in front), so nothing outside the folder can be reached.
 */
export function backupPath(dir: string, name: string): string | null {
  return backupFileNamePattern.test(name) ? join(dir, name) : null;
}

async function readManifest(path: string): Promise<BackupManifest | null> {
  try {
    const parsed = backupManifestSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The backups in `dir`, newest first; none when the folder does not exist yet. */
export async function listBackupFiles(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = await Promise.all(
    names
      .filter((name) => backupFileNamePattern.test(name))
      .map(async (name): Promise<BackupFile | null> => {
        const path = join(dir, name);
        // lstat: a link is not a backup, and is never followed out of the folder.
        const info = await lstat(path).catch(() => null);
        if (!info?.isFile()) return null;
        const manifest = await readManifest(manifestPath(path));
        const createdAt = manifest ? new Date(manifest.createdAt) : info.mtime;
        return { name, path, bytes: info.size, createdAt, manifest };
      }),
  );
  return files
    .filter((file) => file !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** A hidden temporary name beside `path`: never listed, never taken for a backup. */
export const temporaryPath = (dir: string, name: string) =>
  join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);

/** Flushes a file (or a folder's entries) to the disk, so a rename that follows survives a crash. */
export async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a whole file under a temporary name, flushed, then renames it into place. */
export async function writeFileAtomic(dir: string, path: string, text: string): Promise<void> {
  const temporary = temporaryPath(dir, 'manifest');
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function fileDigest(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(path), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      bytes += chunk.length;
      hash.update(chunk);
    }
  });
  return { bytes, sha256: hash.digest('hex') };
}

const hourMs = 3_600_000;

/**
 * Retention: the newest `keep` verified backups stay. A backup that failed its verification is
 * never counted among them (it must not push a good one out) and is kept only while it is newer
 * than the oldest good one kept (and at most `keep` of them), for an owner to see what went wrong. Leftovers of an
 * interrupted run (temporary files, manifests without their backup) go once a day old.
 */
export async function pruneBackups(dir: string, keep: number, now: Date): Promise<string[]> {
  const files = await listBackupFiles(dir);
  const good = files.filter((file) => file.manifest?.verification.ok);
  const bad = files.filter((file) => !file.manifest?.verification.ok);
  const oldestKept = good[Math.min(keep, good.length) - 1]?.createdAt;
  const removed = files.filter((file) =>
    file.manifest?.verification.ok
      ? good.indexOf(file) >= keep
      : bad.indexOf(file) >= keep || (oldestKept !== undefined && file.createdAt < oldestKept),
  );
  for (const file of removed) {
    await rm(manifestPath(file.path), { force: true });
    await rm(file.path, { force: true });
  }
  const listed = new Set(files.map((file) => `${file.name}.json`));
  for (const name of await readdir(dir)) {
    const leftover =
      (name.startsWith('.backup-') && name.endsWith('.tmp')) ||
      (name.startsWith('.manifest.') && name.endsWith('.tmp')) ||
      (backupFileNamePattern.test(name.replace(/\.json$/, '')) &&
        name.endsWith('.json') &&
        !listed.has(name));
    if (!leftover) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtime.getTime() > 24 * hourMs) {
      await rm(join(dir, name), { force: true });
    }
  }
  return removed.map((file) => file.name);
}
