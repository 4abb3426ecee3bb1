import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '#db/schema/index.ts';
import { backupFileNamePattern, type BackupList } from '#shared/backups.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { jobsNamed } from '../../../../tests/helpers/jobs.ts';
import { backupJob } from '../../jobs/backup.job.ts';
import { backupManifestSchema } from './backup-files.ts';
import { nextBackupRun } from './backups.service.ts';

/**
 * Issue 27 §5: scheduled backups into BACKUP_DIR — taken by the job queue, verified, listed and
 * downloadable by owners only, kept to BACKUP_KEEP — on the engine the tests run on.
 */
let t: TestApp;
let dir: string;
let owner: Awaited<ReturnType<typeof signInAdmin>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sebenza-backups-'));
  t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
  owner = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', url: string, cookie = owner.cookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(method === 'POST' ? { payload: {} } : {}) });
const list = async () => {
  const response = await call('GET', '/api/admin/backups');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BackupList>();
};
const engine = () => (t.app.database.kind === 'pglite' ? 'embedded' : 'postgres');
const manifestOf = (name: string) =>
  backupManifestSchema.parse(JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')));
/** The registered handler, with a clock of the test's own. */
const runScheduled = (at: string) =>
  backupJob({ database: t.app.database, config: t.config.backups, now: () => new Date(at) })(
    { trigger: 'schedule' },
    { db: t.app.database.db, log: t.app.log, attempt: 1, lastAttempt: false },
  );

describe('scheduled backups', () => {
  it('lists none before the first, with the schedule; owners only', async () => {
    const empty = await list();
    expect(empty).toMatchObject({ enabled: true, folder: dir, everyHours: 24, keep: 2, items: [] });
    // The start queued the next scheduled run: 00:00 UTC, 02:00 in South Africa.
    expect(empty.nextRunAt).toBe(nextBackupRun(new Date(), 24).toISOString());
    expect(empty.nextRunAt).toMatch(/T00:00:00\.000Z$/);
    const staff = await signInAdmin(t.app, { role: 'staff' });
    expect((await call('GET', '/api/admin/backups', staff.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/backups', staff.cookie)).statusCode).toBe(403);
    const customer = await signUp(t.app);
    expect((await call('GET', '/api/admin/backups', customer.cookie)).statusCode).toBe(401);
  });

  it('takes one when an owner asks: written whole, verified, listed, downloadable, audited', async () => {
    const asked = await call('POST', '/api/admin/backups');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ queued: true });
    await t.app.jobs.drain();
    const { items, inProgress } = await list();
    expect(inProgress).toBe(false);
    expect(items).toHaveLength(1);
    const [backup] = items;
    expect(backup).toMatchObject({
      engine: engine(),
      trigger: 'owner',
      verified: true,
      verificationError: null,
    });
    expect(backup!.name).toMatch(backupFileNamePattern);
    expect(backup!.bytes).toBe(statSync(join(dir, backup!.name)).size);
    // Nothing half-written is left beside it: the file and its manifest only.
    expect(readdirSync(dir).sort()).toEqual([backup!.name, `${backup!.name}.json`]);
    const manifest = manifestOf(backup!.name);
    expect(manifest.verification.ok).toBe(true);
    expect(manifest.facts.tables).toMatchObject({ audit_log: expect.any(Number), orders: 0 });
    expect(manifest.facts.tables['drizzle.__drizzle_migrations']).toBeGreaterThan(30);

    const download = await call('GET', `/api/admin/backups/${backup!.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup!.name}"`);
    expect(download.rawPayload.equals(readFileSync(join(dir, backup!.name)))).toBe(true);
    // gzip's magic bytes, or the custom format's "PGDMP" that pg_restore reads.
    expect(download.rawPayload.subarray(0, engine() === 'embedded' ? 2 : 5)).toEqual(
      engine() === 'embedded' ? Buffer.from([0x1f, 0x8b]) : Buffer.from('PGDMP'),
    );
    const audited = await t.app.database.db
      .select({ action: auditLog.action, actor: auditLog.actor, entityId: auditLog.entityId })
      .from(auditLog)
      .where(inArray(auditLog.action, ['backup.request', 'backup.download']))
      .orderBy(desc(auditLog.id));
    expect(audited).toEqual([
      { action: 'backup.download', actor: owner.email, entityId: backup!.name },
      { action: 'backup.request', actor: owner.email, entityId: null },
    ]);
  });

  it('downloads nothing but a backup in the folder', async () => {
    const outside = join(dir, 'backup-20010101T000000Z-embedded.tar.gz');
    symlinkSync('/etc/hostname', outside);
    try {
      for (const name of [
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%2Fetc%2Fpasswd',
        '.backup-20010101T000000Z-embedded.tar.gz.1.tmp',
        `${(await list()).items[0]!.name}.json`,
        'backup-20010101T000000Z-embedded.tar.gz%00.json',
      ]) {
        expect((await call('GET', `/api/admin/backups/${name}`)).statusCode, name).toBe(400);
      }
      // Well named but absent, or a link out of the folder: not a backup here.
      for (const name of ['backup-20000101T000000Z-embedded.tar.gz', outside.split('/').pop()]) {
        const response = await call('GET', `/api/admin/backups/${name}`);
        expect(response.statusCode, name).toBe(404);
      }
      expect((await list()).items.map((item) => item.name)).not.toContain(outside.split('/').pop());
    } finally {
      rmSync(outside);
    }
  });

  it('a run that cannot write is retried by the queue, not swallowed', async () => {
    // The folder replaced by a file: nothing can be written into it.
    await rename(dir, `${dir}.away`);
    await writeFile(dir, 'not a folder');
    let job: Awaited<ReturnType<typeof jobsNamed>>[number] | undefined;
    try {
      expect((await call('POST', '/api/admin/backups')).statusCode).toBe(202);
      await t.app.jobs.drain();
      [job] = (await jobsNamed(t.app, 'backup')).filter(
        (row) => row.payload.trigger === 'owner' && row.status !== 'done',
      );
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job!.lastError).toMatch(/EEXIST|ENOTDIR/);
      // The owners see it on the list too, not only among the jobs.
      const failing = await list();
      expect(failing.lastFailure).toMatchObject({ retrying: true, error: job!.lastError });
      expect(failing.folderError).toMatch(/ENOTDIR/);
    } finally {
      await rm(dir);
      await rename(`${dir}.away`, dir);
    }
    // Its back-off cut short (only this job: the scheduled ones stay where they are).
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, job!.id));
    await t.app.jobs.drain();
    const after = await list();
    expect(after.items.map((item) => [item.trigger, item.verified])).toEqual([
      ['owner', true],
      ['owner', true],
    ]);
    expect(after).toMatchObject({ lastFailure: null, folderError: null });
  });

  it('keeps the newest BACKUP_KEEP verified ones; each scheduled run queues the next', async () => {
    await runScheduled('2030-01-01T00:00:00Z');
    await runScheduled('2030-01-02T00:00:00Z');
    await runScheduled('2030-01-03T00:00:04Z');
    const { items } = await list();
    expect(items.map((item) => [item.name.slice(0, 23), item.trigger, item.verified])).toEqual([
      ['backup-20300103T000004Z', 'schedule', true],
      ['backup-20300102T000000Z', 'schedule', true],
    ]);
    expect(readdirSync(dir)).toHaveLength(4);
    const queued = (await jobsNamed(t.app, 'backup')).filter((job) => job.status === 'queued');
    expect(queued.map((job) => job.key)).toEqual(
      expect.arrayContaining([
        'backup:2030-01-02T00:00:00.000Z',
        'backup:2030-01-03T00:00:00.000Z',
        'backup:2030-01-04T00:00:00.000Z',
      ]),
    );
    expect(queued.find((job) => job.key === 'backup:2030-01-04T00:00:00.000Z')!.runAt).toEqual(
      new Date('2030-01-04T00:00:00Z'),
    );
  });
});
