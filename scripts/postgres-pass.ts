import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The API tests again on the PostgreSQL server (TEST_DATABASE_URL): the test files whose database
 * follows that setting, that is those reaching tests/helpers/test-app.ts through their imports.
 * The others run the same on either engine (no database, or one they name themselves, such as
 * the scale-out and cluster tests, always on the server), so a second run would repeat them.
 */
const root = resolve(import.meta.dirname, '..');
const engineFollowing = join(root, 'tests/helpers/test-app.ts');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const seen = new Map<string, boolean>();
/** Whether `file` imports, directly or through other local modules, the engine-following app. */
function followsEngine(file: string): boolean {
  if (file === engineFollowing) return true;
  if (seen.has(file)) return seen.get(file)!;
  seen.set(file, false);
  const imports = [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)];
  const result = imports.some(([, spec]) => followsEngine(resolve(dirname(file), spec!)));
  seen.set(file, result);
  return result;
}

const files = testFiles(join(root, 'src')).filter(followsEngine);
if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL to the PostgreSQL server the API tests run on');
  process.exit(1);
}
console.log(`${files.length} test files whose database follows TEST_DATABASE_URL`);
const result = spawnSync(
  join(root, 'node_modules/.bin/vitest'),
  ['run', ...files.map((file) => relative(root, file))],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
