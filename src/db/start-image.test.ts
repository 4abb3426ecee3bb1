import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { writeStartImage } from './start-image.ts';

let dir: string;
let image: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sebenza-image-'));
  image = join(dir, 'db-image.tar.gz');
  await writeStartImage(image);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const count = async (database: ReturnType<typeof openDatabase>, table: string) =>
  Number(
    (
      (await database.db.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('the embedded start image', () => {
  it('gives a brand-new DATA_DIR the migrated, seeded database; an existing one keeps its own', async () => {
    const dataDir = join(dir, 'data');
    const first = openDatabase({ dataDir, startImage: image });
    // Seeded before any migration ran in this process.
    expect(await count(first, 'services')).toBeGreaterThan(0);
    await first.migrate();
    await first.db.execute(sql`delete from service_add_ons`);
    await first.close();

    const again = openDatabase({ dataDir, startImage: image });
    expect(await count(again, 'service_add_ons')).toBe(0);
    await again.close();
  });

  it('is ignored when the image file is missing: an empty database, migrated as before', async () => {
    const empty = openDatabase({ dataDir: join(dir, 'other'), startImage: join(dir, 'none.tgz') });
    await empty.migrate();
    expect(await count(empty, 'services')).toBe(0);
    await empty.close();
  });
});
