import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Builds are written to a folder of their own under `.dist-builds/` and put in place by
 * pointing the `dist` link at it in one rename, so a server never sees half a build, and a
 * server already running keeps the build it started with (it resolves the link at start).
 */
export const buildsDir = (root: string) => join(root, '.dist-builds');
export const distLink = (root: string) => join(root, 'dist');

/** How many builds stay: the current one and the ones before it that servers may still serve. */
const kept = 3;

export function newBuildFolder(root: string): string {
  mkdirSync(buildsDir(root), { recursive: true });
  const folder = join(buildsDir(root), `${Date.now()}-${process.pid}`);
  mkdirSync(folder);
  return folder;
}

/** Points `dist` at the finished build in one step, and removes the oldest builds. */
export function putInPlace(root: string, folder: string): void {
  const link = distLink(root);
  // A `dist` folder from before builds were linked goes first (the lock keeps other builds out).
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) rmSync(link, { recursive: true });
  const next = `${link}.next-${process.pid}`;
  rmSync(next, { force: true });
  // Relative, so the checkout can move.
  symlinkSync(relative(root, folder), next, 'dir');
  renameSync(next, link);
  const others = readdirSync(buildsDir(root))
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((name) => join(buildsDir(root), name))
    .filter((build) => build !== folder);
  for (const old of others.slice(0, Math.max(0, others.length - (kept - 1)))) {
    rmSync(old, { recursive: true, force: true });
  }
}

/**
 * Runs `work` while holding the build lock: a second start in the same tree waits for the first
 * one's build instead of building the same files at the same time. A lock left by a build that
 * died is taken over once stale (not refreshed for 30 s).
 */
export async function withBuildLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(buildsDir(root), { recursive: true });
  const release = await lockfile.lock(buildsDir(root), {
    lockfilePath: join(buildsDir(root), '.lock'),
    stale: 30_000,
    update: 5_000,
    retries: { retries: 600, factor: 1, minTimeout: 500, maxTimeout: 500 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}
