import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything the built client depends on: sources, build config and lockfile. Not the site's
 * settings, port or address: the server fills those in when it serves (issue 27 §1).
 */
const inputs = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/build-folder.ts',
  'src/server/lib/page-document.ts',
];

function files(path: string): string[] {
  if (!statSync(path, { throwIfNoEntry: false })) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function buildStamp(root: string): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => files(join(root, input)))) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

export const stampFile = (root: string) => join(root, 'dist', '.build-stamp');
