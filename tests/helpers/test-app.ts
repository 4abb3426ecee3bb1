import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { buildApp } from '../../src/server/app.ts';
import type { AppInstance } from '../../src/server/app-instance.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';

export interface TestApp {
  app: AppInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is set — a
 * new database on that PostgreSQL server, dropped again by close().
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = openDatabase({ dataDir: 'memory://' });
    return { database, drop: async () => {} };
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    // DROP DATABASE … WITH (FORCE) ends connections the pool is still closing: expected here.
    onConnectionError: () => {},
  });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: './tests/no-client-build',
    ...env,
  });
  const { database, drop } = await freshDatabase();
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
