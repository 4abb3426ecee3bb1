import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Everything the built client depends on: sources, build config, lockfile and site settings. */
const inputs = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.ts',
];
const envInputs = [
  'SITE_NAME',
  'CONTACT_EMAIL',
  'EXAMPLE_HOST',
  'SUPPLIER_VAT_NUMBER',
  'PUBLIC_URL',
  'PORT',
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
  for (const name of envInputs) hash.update(`${name}=${process.env[name] ?? ''}`);
  return hash.digest('hex');
}

export const stampFile = (root: string) => join(root, 'dist', '.build-stamp');
