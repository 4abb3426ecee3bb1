import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { createServerDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded database each test file copies instead of migrating its own. */
    templateDatabase: { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string };
  }
}

/**
 * Migrates and seeds one template database per test run: a database on the PostgreSQL server
 * when TEST_DATABASE_URL is set (copied with CREATE DATABASE … TEMPLATE), else an image of an
 * embedded PGlite database (loaded with loadDataDir).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const template = await createServerDatabase({ prefix: 'template' });
    const database = openDatabase({ databaseUrl: template.url, dataDir: 'memory://' });
    await database.migrate();
    await seedDatabase(database.db);
    await database.close();
    project.provide('templateDatabase', { kind: 'postgres', name: template.name });
    return () => template.drop();
  }
  const database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDatabase(database.db);
  const image = await database.pglite!.dumpDataDir('none');
  await database.close();
  const folder = mkdtempSync(join(tmpdir(), 'sebenza-template-'));
  const file = join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('templateDatabase', { kind: 'pglite', file });
  return () => rmSync(folder, { recursive: true, force: true });
}
