import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../tests/helpers/postgres.ts';
import { openDatabase, pgliteExtensions } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The committed migrations up to and including `lastIndex`, as a folder of their own. */
function migrationsUpTo(lastIndex: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'sebenza-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('migration 0013 (one job queue)', () => {
  it('carries the work queued in the old tables over to jobs', async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle(client);
    try {
      const before = migrationsUpTo(12);
      folders.push(before);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into mail_outbox (id, "to", subject, text, html, status, attempts, next_attempt_at)
          values ('00000000-0000-4000-8000-000000000001', 'a@example.co.za', 'Pending', 't', 'h', 'pending', 2, now()),
                 ('00000000-0000-4000-8000-000000000002', 'b@example.co.za', 'Sent', 't', 'h', 'sent', 1, now());
        insert into domain_orders (id, domain, years, status, price_cents, registrar_cost_cents, registrant, registrar, attempts)
          values ('00000000-0000-4000-8000-000000000003', 'paid.co.za', 1, 'paid', 12000, 10000, '{}', 'local', 0),
                 ('00000000-0000-4000-8000-000000000004', 'retrying.co.za', 1, 'registering', 12000, 10000, '{}', 'local', 2),
                 ('00000000-0000-4000-8000-000000000005', 'done.co.za', 1, 'active', 12000, 10000, '{}', 'local', 1);
        insert into payfast_itns (fields, accepted) values ('[]', null), ('[]', true);
      `);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{
        name: string;
        payload: Record<string, unknown>;
        attempts: number;
      }>(`select name, payload, attempts from jobs order by name, payload::text`);
      expect(rows).toEqual([
        // 0013 queued it as check-itn { itnId }; 0031 gave the job its method-neutral name.
        { name: 'check-payment-notification', payload: { notificationId: 1 }, attempts: 0 },
        {
          name: 'register-domain',
          payload: { orderId: '00000000-0000-4000-8000-000000000003' },
          attempts: 0,
        },
        {
          name: 'register-domain',
          payload: { orderId: '00000000-0000-4000-8000-000000000004' },
          attempts: 2,
        },
        {
          name: 'send-mail',
          payload: { mailId: '00000000-0000-4000-8000-000000000001' },
          attempts: 2,
        },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('migrations on a PostgreSQL server', () => {
  it('run once when several processes start together on a new database', async () => {
    const server = await createServerDatabase({ prefix: 'migrate_race' });
    const processes = [1, 2, 3].map(() => openDatabase({ databaseUrl: server.url, dataDir: '' }));
    try {
      await Promise.all(processes.map((database) => database.migrate()));
      const { rows } = (await processes[0]!.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { count: number }[] };
      const journal = JSON.parse(
        readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(rows[0]!.count).toBe(journal.entries.length);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await server.drop();
    }
  });
});
