import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests use: TEST_DATABASE_URL, else the one these machines run. */
export const postgresServerUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server (a copy of `template` when given), with its URL and the function
 * that drops it again.
 */
export async function createServerDatabase(
  options: { serverUrl?: string; template?: string; prefix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const serverUrl = options.serverUrl ?? postgresServerUrl();
  const name = `${options.prefix ?? 'test'}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : '';
  await onServer(serverUrl, `CREATE DATABASE ${name}${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
