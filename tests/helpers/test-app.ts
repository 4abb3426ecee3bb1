import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { buildApp } from '../../src/server/app.ts';
import type { AppInstance } from '../../src/server/app-instance.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createServerDatabase } from './postgres.ts';

export interface TestApp {
  app: AppInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file, copied from the run's migrated template: in-memory PGlite,
 * or — when TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped again
 * by drop().
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('templateDatabase');
  if (template.kind === 'pglite') {
    const database = openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(template.file)]),
    });
    return { database, drop: async () => {} };
  }
  const copy = await createServerDatabase({ template: template.name });
  const database = openDatabase({
    databaseUrl: copy.url,
    dataDir: 'memory://',
    // DROP DATABASE … WITH (FORCE) ends connections the pool is still closing: expected here.
    onConnectionError: () => {},
  });
  return { database, drop: copy.drop };
}

/**
 * The app on a fresh copy of the run's template database (PGlite, or the PostgreSQL server with
 * TEST_DATABASE_URL); `embedded` asks for an embedded PGlite of its own even then (a test that
 * tries both engines), migrated and seeded by buildApp.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { embedded?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: './tests/no-client-build',
    // The simulator, whatever PUBLIC_URL a test uses, unless it names a mode.
    PAYFAST_MODE: 'simulator',
    ...env,
  });
  const { database, drop } =
    options.embedded && inject('templateDatabase').kind === 'postgres'
      ? { database: openDatabase({ dataDir: 'memory://' }), drop: async () => {} }
      : await freshDatabase();
  const app = await buildApp(config, { database, logger: false });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
