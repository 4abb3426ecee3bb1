import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { paymentNotifications } from '#db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { createPayfastMethod } from '../../integrations/payfast/payfast-method.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { freshDatabase } from '../../../../tests/helpers/test-app.ts';
import { parsePrometheusText, sampleValue } from '../../../../tests/helpers/prometheus-text.ts';
import { recordItnVerdict } from './metrics.service.ts';
import { observePort } from './observe-port.ts';
import { processRegistry } from './process-metrics.ts';

/** This process's figure for one sample, 0 before it first moves. */
const figure = async (name: string, labels: Record<string, string>) =>
  sampleValue(parsePrometheusText(await processRegistry.metrics()), name, labels) ?? 0;

describe('outside services counted at their port', () => {
  it('counts calls, and failures by kind, per operation; other outcomes pass through', async () => {
    const port = observePort(
      'registrar',
      {
        provider: 'local' as const,
        async holds() {
          return null;
        },
        async register() {
          throw new RegistrarError('busy', { transient: true, status: 429 });
        },
        async renew() {
          throw new RegistrarError('DNSimple refused: no', { transient: false, status: 502 });
        },
        async deleteRecord() {
          throw new RangeError('no such record');
        },
        label: () => 'sync',
      },
      (error) =>
        error instanceof RegistrarError ? (error.transient ? 'unavailable' : 'refused') : null,
    );
    const calls = (operation: string) =>
      figure('sebenza_integration_calls_total', { integration: 'registrar', operation });
    const errors = (operation: string, kind: string) =>
      figure('sebenza_integration_errors_total', { integration: 'registrar', operation, kind });
    const before = {
      holds: await calls('holds'),
      register: await errors('register', 'unavailable'),
      renew: await errors('renew', 'refused'),
      deleteRecord: await calls('deleteRecord'),
    };

    expect(port.provider).toBe('local');
    expect(port.label()).toBe('sync');
    await expect(port.holds()).resolves.toBeNull();
    await expect(port.register()).rejects.toThrow('busy');
    await expect(port.renew()).rejects.toThrow('refused');
    await expect(port.deleteRecord()).rejects.toThrow(RangeError);

    expect(await calls('holds')).toBe(before.holds + 1);
    expect(await errors('register', 'unavailable')).toBe(before.register + 1);
    expect(await errors('renew', 'refused')).toBe(before.renew + 1);
    // Not the registrar failing: counted as a call, not as an error.
    expect(await calls('deleteRecord')).toBe(before.deleteRecord + 1);
    expect(await errors('deleteRecord', 'unavailable')).toBe(0);
  });

  it("counts PayFast's API not answering (a real call to a closed port)", async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      PAYFAST_MODE: 'sandbox',
      PAYFAST_API_URL: 'http://127.0.0.1:1',
    });
    const payfast = createPayfastMethod(config.payfast);
    const labels = { integration: 'payfast', operation: 'refundTerms', kind: 'unavailable' };
    const before = await figure('sebenza_integration_errors_total', labels);
    await expect(payfast.refundTerms('1234567')).rejects.toThrow(/did not answer/);
    expect(await figure('sebenza_integration_errors_total', labels)).toBe(before + 1);
    const cancel = { integration: 'payfast', operation: 'recurring.cancel', kind: 'unavailable' };
    const cancelBefore = await figure('sebenza_integration_errors_total', cancel);
    await expect(payfast.recurring!.cancel('token-1')).rejects.toThrow();
    expect(await figure('sebenza_integration_errors_total', cancel)).toBe(cancelBefore + 1);
  });
});

describe('ITN confirmation lag', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('records the time from receipt to verdict, by verdict, once there is one', async () => {
    const checkedAt = new Date('2026-11-20T08:00:00Z');
    const [confirmed, waiting] = await database.db
      .insert(paymentNotifications)
      .values([
        {
          fields: [],
          receivedAt: new Date(checkedAt.getTime() - 30_000),
          accepted: true,
          checkedAt,
        },
        { fields: [], receivedAt: checkedAt },
      ])
      .returning({ id: paymentNotifications.id });
    const count = () =>
      figure('sebenza_itn_confirmation_lag_seconds_count', { verdict: 'confirmed' });
    const sum = () => figure('sebenza_itn_confirmation_lag_seconds_sum', { verdict: 'confirmed' });
    const [countBefore, sumBefore] = [await count(), await sum()];
    await recordItnVerdict(database.db, confirmed!.id);
    await recordItnVerdict(database.db, waiting!.id);
    expect(await count()).toBe(countBefore + 1);
    expect((await sum()) - sumBefore).toBeCloseTo(30);
  });
});
