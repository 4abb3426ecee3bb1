import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { buildStamp, stampFile } from './build-stamp.ts';

/**
 * `npm start`: build the client when it is missing or its sources changed (never for a port,
 * address or site setting: the server fills those in), then serve. `npm run dev` (`--development`)
 * is the same in development: a readable log, mail read in the back office with working links.
 */
const root = resolve(import.meta.dirname, '..');
process.env.NODE_ENV ??= process.argv.includes('--development') ? 'development' : 'production';
// A setting that would stop the server stops the start at once, in its one line, before any build.
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// npm runs this script with the project's Node 24 (node@24 puts it first on the PATH); say so
// when the machine's own Node, which ran npm, is another.
const machineNode = /node\/v(\S+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
if (machineNode && machineNode !== process.versions.node) {
  console.log(
    `Running on Node ${process.versions.node}, which comes with the project (node@24); this machine's Node ${machineNode} only runs npm.`,
  );
}
const stamp = stampFile(root);
const current = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (current !== buildStamp(root)) {
  console.log(current ? 'Client build is stale: rebuilding…' : 'No client build yet: building…');
  const result = spawnSync(process.execPath, [resolve(root, 'scripts/build.ts'), '--if-stale'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../src/server/server.ts');
