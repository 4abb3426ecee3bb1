import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  /** The embedded engine itself (PGlite only), e.g. to dump it as a test template. */
  pglite?: PGlite;
  /** The server's address (PostgreSQL only), e.g. for pg_dump. */
  url?: string;
  kind: DatabaseKind;
  /**
   * How the connection pool is used right now (PostgreSQL only: PGlite is one connection inside
   * the process), for the metrics.
   */
  poolUse?: () => PoolUse;
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered when the notifying transaction
   * commits). On a server a dedicated connection listens and reconnects by itself after a drop.
   * Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, idle among them, requests waiting for one, and the most it opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; without it the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * Told when the server drops an idle pooled connection (restart, failover, admin command); the
   * pool replaces it by itself, but without a listener the error would stop the process.
   */
  onConnectionError?: (error: Error) => void;
  /** An embedded database to start from (a `dumpDataDir` image), instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * A `dumpDataDir` image file (migrated and seeded at build time) that a brand-new embedded
   * DATA_DIR starts from, so a first start skips running every migration; ignored when absent.
   */
  startImage?: string;
}

/**
 * The extensions the migrations create, loaded into every embedded database (PostgreSQL ships
 * them as contrib): pg_trgm, for the customer search's trigram indexes.
 */
export const pgliteExtensions = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** Whether an error or one of the errors that caused it (a few levels deep) matches. */
function anyCause(
  error: unknown,
  matches: (code: string | undefined, message: string) => boolean,
): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      matches(
        typeof code === 'string' ? code : undefined,
        typeof message === 'string' ? message : '',
      )
    )
      return true;
    current = cause;
  }
  return false;
}

/**
 * Why the database failed a request that was not at fault (issue 25 §5), or null for a query
 * that failed on its own (a bug, a constraint): `down` (unreachable, refusing connections, shut
 * down, out of connections or memory, or no longer letting this app in), `missing` (the
 * database named in DATABASE_URL is gone: dropped or renamed, SQLSTATE 3D000), `read_only`
 * (25006: a standby, or read-only by setting) or `full` (out of disk, 53100 or ENOSPC).
 */
export type DatabaseFailure = 'down' | 'missing' | 'read_only' | 'full';

export function databaseFailure(error: unknown): DatabaseFailure | null {
  if (isOutOfStorage(error)) return 'full';
  if (
    anyCause(
      error,
      (code, message) => code === '3D000' || /^database ".*" does not exist$/.test(message),
    )
  ) {
    return 'missing';
  }
  if (anyCause(error, (code) => code === '25006')) return 'read_only';
  return isDatabaseUnavailable(error) ? 'down' : null;
}

/**
 * Whether an error (or what caused it) means the database cannot be reached right now, as
 * opposed to a query that failed: the caller answers 503 and the next request tries again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(
    error,
    (code, message) =>
      (code !== undefined &&
        (connectionErrorCodes.has(code) ||
          code === '3D000' ||
          // connection_exception, insufficient_resources (53100, disk full, is `full`),
          // operator_intervention's shutdowns and system_error (I/O) are never the request's.
          code.startsWith('08') ||
          code.startsWith('53') ||
          code.startsWith('57P') ||
          code.startsWith('58') ||
          // invalid_authorization: this app's own login refused (its role dropped, say).
          code === '28000' ||
          code === '28P01')) ||
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error/i.test(
        message,
      ),
  );
}

/**
 * Whether the database could not write for want of space (PostgreSQL's disk_full, 53100, or the
 * operating system's ENOSPC): reads still work, and writes work again once space returns.
 */
export function isOutOfStorage(error: unknown): boolean {
  return anyCause(
    error,
    (code, message) =>
      code === '53100' || code === 'ENOSPC' || /No space left on device/i.test(message),
  );
}

/** The embedded database is open in another running process. */
export class DatabaseInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The build's image for a data folder that holds no database yet (no PG_VERSION file). */
function startImageFor(dataDir: string, image: string | undefined): Blob | undefined {
  if (!image || dataDir.startsWith('memory://') || !existsSync(image)) return undefined;
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(image)]);
}

/**
 * PGlite's files belong to one process: a lock file beside them names its pid, and a second
 * opener gets DatabaseInUseError instead of corrupting the database. A stale lock is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by a running server (pid ${holder}); stop it first, or use the /admin/setup link it logged.`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

/**
 * One LISTEN connection to the server, opened again a second after it drops (or fails to open);
 * each new connection calls `onNotify` once, for whatever was committed while nobody listened.
 */
async function listenOnServer(
  options: DatabaseOptions,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: 5000,
    });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (error) options.onConnectionError?.(error);
      if (client === next) client = null;
      next.end().catch(() => {});
      if (stopped) return;
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      onNotify();
    } catch (error) {
      drop(error as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * A connection taken for a transaction goes back to the pool (and is discarded) the moment the
 * server ends it. Drizzle releases it only once its `begin` has succeeded: a connection that dies
 * just as a transaction starts (a restart, a dropped or renamed database) would otherwise stay
 * taken for good, and ten of them would leave the pool nothing to give. A later release of the
 * same connection does nothing.
 */
function returnBrokenConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  pool.connect = ((...args: unknown[]) => {
    // pool.query takes its connection with a callback and always gives it back itself.
    if (args.length > 0) return connect(...args);
    return connect().then((client) => {
      const release = client.release;
      let released = false;
      const giveBack = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onBroken);
        client.release = release;
        release(error);
      };
      const onBroken = (error: Error) => giveBack(error);
      client.on('error', onBroken);
      client.release = giveBack;
      return client;
    });
  }) as typeof pool.connect;
}

/** Any number the app's other advisory locks do not use. */
const migrationLockKey = 7160000;

/**
 * Migrates under a session advisory lock: workers and machines starting together on a new or
 * older database would otherwise run the same migration at once (seen: two workers on a new
 * database, one stopped by `duplicate key … pg_type_typname_nsp_index`). The one that waited
 * finds the migrations done.
 */
async function migrateOnServer(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    client.release();
  }
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    // A request waits at most 5 s for a connection: with the server down it answers 503 quickly.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    pool.on('error', (error) => options.onConnectionError?.(error));
    // The pool listens only to idle connections: one a transaction holds, ended by the server
    // (terminated, database dropped) between two queries, would otherwise stop the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionError?.(error));
    });
    returnBrokenConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      migrate: () => migrateOnServer(pool),
      listen: (channel, onNotify) => listenOnServer(options, channel, onNotify),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(options.dataDir);
  const client = new PGlite(options.dataDir, {
    loadDataDir: options.loadDataDir ?? startImageFor(options.dataDir, options.startImage),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    pglite: client,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
