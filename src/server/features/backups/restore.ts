import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '#db/client.ts';
import { readFacts, type DatabaseFacts, type RunSql } from './backup-facts.ts';
import { runTool, serverConnection } from './pg-tools.ts';

/**
 * An embedded backup loaded into a fresh in-memory PGlite: what a server starting from the
 * unpacked folder would see (PostgreSQL's own recovery runs on it). Close it after use.
 */
export async function openEmbeddedBackup(file: string): Promise<PGlite> {
  // Loaded when first needed: a server on PostgreSQL never needs the embedded engine.
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    dataDir: 'memory://',
    loadDataDir: new Blob([await readFile(file)]),
    extensions: pgliteExtensions,
  });
}

export const pgliteSql =
  (pglite: PGlite): RunSql =>
  async <T>(statement: string) =>
    (await pglite.query<T>(statement)).rows;

/** The facts of an embedded backup, read back from a fresh PGlite that loaded it. */
export async function embeddedBackupFacts(file: string): Promise<DatabaseFacts> {
  const restored = await openEmbeddedBackup(file);
  try {
    return await readFacts(pgliteSql(restored));
  } finally {
    await restored.close();
  }
}

/**
 * The tables whose data a custom-format dump holds, from its table of contents
 * (`pg_restore --list`): lines such as `3456; 0 16390 TABLE DATA public orders postgres`.
 */
export async function dumpTableList(file: string, timeoutMs: number): Promise<Set<string>> {
  const { stdout } = await runTool('pg_restore', ['--list', file], { timeoutMs });
  const tables = new Set<string>();
  for (const line of stdout.split('\n')) {
    const match = /^\d+; \d+ \d+ TABLE DATA (\S+) (\S+) /.exec(line);
    if (match) tables.add(match[1] === 'public' ? match[2]! : `${match[1]}.${match[2]}`);
  }
  return tables;
}

const onServer = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
};

export interface ScratchRestore {
  name: string;
  facts: DatabaseFacts;
}

/**
 * Restores a custom-format dump into a new, uniquely named database on the server of
 * `databaseUrl` (its login needs CREATEDB), reads its facts, and drops it again whatever
 * happened: the live database is never touched.
 */
export async function restoreIntoScratchDatabase(
  databaseUrl: string,
  file: string,
  timeoutMs: number,
): Promise<ScratchRestore> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const name = `restore_drill_${stamp}_${randomBytes(4).toString('hex')}`;
  const scratch = new URL(databaseUrl);
  scratch.pathname = `/${name}`;
  await onServer(databaseUrl, `create database ${pg.escapeIdentifier(name)}`);
  try {
    const server = serverConnection(scratch.toString());
    // Owners and grants are the live server's business: the scratch copy belongs to this login.
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${server.url}`, file],
      { timeoutMs, env: server.env },
    );
    const client = new pg.Client({ connectionString: scratch.toString() });
    client.on('error', () => {});
    await client.connect();
    try {
      const facts = await readFacts(
        async <T>(statement: string) => (await client.query(statement)).rows as T[],
      );
      return { name, facts };
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await onServer(
      databaseUrl,
      `drop database if exists ${pg.escapeIdentifier(name)} with (force)`,
    );
  }
}
