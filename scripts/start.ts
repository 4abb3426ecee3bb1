import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildStamp, stampFile } from './build-stamp.ts';

/** `npm start`: rebuild the client when the build is missing or stale, then serve. */
const root = resolve(import.meta.dirname, '..');
const stamp = stampFile(root);
const current = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (current !== buildStamp(root)) {
  console.log(current ? 'Client build is stale: rebuilding…' : 'No client build yet: building…');
  const result = spawnSync(process.execPath, [resolve(root, 'scripts/build.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../src/server/server.ts');
