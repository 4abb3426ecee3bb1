import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appMeta } from './schema/index.ts';

/** Bump when the seed below changes so an existing database picks it up at the next start. */
const SEED_VERSION = '1';

/** Idempotent: seeds what the site needs to run, once per seed version. */
export async function seedDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: SEED_VERSION, updatedAt: sql`now()` },
      });
  });
}
