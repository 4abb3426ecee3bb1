import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './client.ts';
import { seedDatabase } from './seed.ts';

/** Where the build leaves the embedded database image: beside the client it built. */
export const startImagePath = (clientDir: string) => join(clientDir, '..', 'db-image.tar.gz');

/**
 * Migrates and seeds an in-memory embedded database and writes it as an image (`dumpDataDir`,
 * gzip) for brand-new DATA_DIRs to start from. A later migration still runs on top of it at
 * start, and the seed still checks its version, so an older image is never wrong, only slower.
 */
export async function writeStartImage(file: string): Promise<void> {
  const database = openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const image = await database.pglite!.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
}
