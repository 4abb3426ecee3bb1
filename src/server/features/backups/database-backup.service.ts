import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { Database } from '#db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { serverConnection } from './pg-tools.ts';

export interface Backup {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A backup of the whole database, for download now (the scheduled, verified ones are in
 * backups.service.ts): the embedded database's data folder as a gzipped tar (PGlite's
 * `dumpDataDir`, the folder a server starts from), or, with `DATABASE_URL`, a plain-SQL
 * `pg_dump` streamed as it is written (stopped after 10 minutes).
 */
export async function databaseBackup(database: Database): Promise<Backup> {
  if (database.pglite) {
    const image = await database.pglite.dumpDataDir('gzip');
    return {
      filename: `sebenza-embedded-${today()}.tar.gz`,
      contentType: 'application/gzip',
      body: Buffer.from(await image.arrayBuffer()),
    };
  }
  if (!database.url) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: 'No database address to back up' });
  }
  // The password in the environment, not the argument list every local user can read.
  const server = serverConnection(database.url);
  const dump = spawn('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', server.url], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: server.env,
    timeout: 10 * 60_000,
  });
  // pg_dump missing, or refused before its first byte (no connection, a server too busy): say so
  // instead of sending an empty file. Its stream turns readable at its end too, with nothing in
  // it: only bytes to read count as a start.
  let complaint = '';
  dump.stderr.on('data', (chunk: Buffer) => {
    if (complaint.length < 500) complaint += chunk.toString();
  });
  const started = await new Promise<boolean>((resolve) => {
    dump.once('error', () => resolve(false));
    dump.stdout.on('readable', function first() {
      if (dump.stdout.readableLength === 0) return;
      dump.stdout.off('readable', first);
      resolve(true);
    });
    dump.once('exit', (code) => resolve(code === 0));
  });
  if (!started) {
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: `pg_dump could not back up the database: ${
        complaint.trim().split('\n')[0]?.slice(0, 300) ||
        'check that the PostgreSQL client tools are installed and the server takes connections'
      }`,
    });
  }
  return {
    filename: `sebenza-${today()}.sql`,
    contentType: 'application/sql',
    body: dump.stdout,
  };
}
