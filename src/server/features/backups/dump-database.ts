import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { readFacts, type DatabaseFacts } from './backup-facts.ts';
import { syncToDisk } from './backup-files.ts';
import { runTool, serverConnection } from './pg-tools.ts';

/**
 * The embedded database's data folder as a gzipped tar (`dumpDataDir`, what PGlite and a fresh
 * DATA_DIR start from), with its facts. Both are taken inside one transaction: PGlite runs one
 * statement at a time, so nothing the app does can land between the counts and the image.
 */
export async function dumpEmbedded(pglite: PGlite, file: string): Promise<DatabaseFacts> {
  const { facts, image } = await pglite.transaction(async (tx) => {
    const facts = await readFacts(
      async <T>(statement: string) => (await tx.query<T>(statement)).rows,
    );
    return { facts, image: await pglite.dumpDataDir('gzip') };
  });
  await pipeline(
    Readable.fromWeb(image.stream() as NodeReadableStream<Uint8Array>),
    createWriteStream(file, { flags: 'wx' }),
  );
  await syncToDisk(file);
  return facts;
}

/**
 * `pg_dump --format=custom` of a PostgreSQL server (what pg_restore reads: selective, parallel,
 * compressed), stopped after `timeoutMs`. The row counts are read in a snapshot this connection
 * exports and pg_dump dumps from (`--snapshot`), so they describe exactly the dumped data even
 * while customers keep buying.
 */
export async function dumpServer(
  databaseUrl: string,
  file: string,
  timeoutMs: number,
): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // A connection the server drops fails the statement in hand instead of stopping the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // The snapshot must outlive pg_dump's start; a server's idle-transaction limit would end it.
    await client.query(`set local idle_in_transaction_session_timeout = 0`);
    await client.query(`set local statement_timeout = ${Math.ceil(timeoutMs)}`);
    const {
      rows: [exported],
    } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const facts = await readFacts(
      async <T>(statement: string) => (await client.query(statement)).rows as T[],
    );
    const server = serverConnection(databaseUrl);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${exported!.snapshot}`,
        `--file=${file}`,
        `--dbname=${server.url}`,
      ],
      { timeoutMs, env: server.env },
    );
    await client.query('commit');
    await syncToDisk(file);
    return facts;
  } finally {
    await client.end().catch(() => {});
  }
}
