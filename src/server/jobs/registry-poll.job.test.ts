import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#db/schema/index.ts';
import type { Database } from '#db/client.ts';
import {
  makeEppCertificates,
  type EppCertificates,
} from '../../../tests/helpers/epp-certificates.ts';
import { EppStandIn } from '../../../tests/helpers/epp-stand-in.ts';
import { freshDatabase } from '../../../tests/helpers/test-app.ts';
import type { Config } from '../config.ts';
import { registryPollJob } from './registry-poll.job.ts';

let certs: EppCertificates;
let standIn: EppStandIn;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  certs = makeEppCertificates();
  standIn = await EppStandIn.start(certs);
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await standIn.close();
  await database.close();
  await drop();
  rmSync(certs.dir, { recursive: true, force: true });
});

describe('registry-poll job', () => {
  it("reads and acknowledges ZACR's messages, logs each, logs out and queues the next read", async () => {
    const config: Pick<Config, 'zacr'> = {
      zacr: {
        host: '127.0.0.1',
        port: standIn.port,
        username: 'ClientX',
        password: 'foo-BAR2',
        certFile: certs.clientCertFile,
        keyFile: certs.clientKeyFile,
        caFile: certs.caFile,
        nameservers: ['ns1.sebenza.co.za', 'ns2.sebenza.co.za'],
      },
    };
    standIn.pollQueue.push(
      'rfc5730-poll-transfer-response.xml',
      'rfc5731-poll-pending-action-response.xml',
    );
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }),
    } as unknown as FastifyBaseLogger;

    await registryPollJob({ config })({}, { db: database.db, log, attempt: 1, lastAttempt: false });

    expect(standIn.pollQueue).toHaveLength(0);
    expect(logged.map((l) => l.message)).toEqual([
      'ZACR: Transfer requested.',
      'ZACR: Pending action completed successfully.',
    ]);
    expect(logged[0]!.fields).toMatchObject({
      domain: 'example.com',
      transfer: 'pending',
      messageId: '12345',
    });
    expect(logged[1]!.fields).toMatchObject({
      domain: 'example.com',
      pendingActionSucceeded: true,
    });
    expect(standIn.requests.at(-1)?.verb).toBe('logout');
    const next = await database.db.select().from(jobs).where(eq(jobs.name, 'registry-poll'));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('does nothing without ZACR settings', async () => {
    const before = standIn.connections;
    await registryPollJob({ config: { zacr: undefined } })(
      {},
      { db: database.db, log: {} as FastifyBaseLogger, attempt: 1, lastAttempt: false },
    );
    expect(standIn.connections).toBe(before);
  });
});
