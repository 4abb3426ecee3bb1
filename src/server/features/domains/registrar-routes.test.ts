import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ownerAlerts, tlds } from '#db/schema/index.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { checkOwnerAlerts } from '../alerts/alerts.service.ts';
import { createDomainOrder } from './domain-orders.service.ts';

/**
 * A registrar per ending (issue 31 §1): DNSimple, as its stand-in answers from DNSimple's own
 * error ("TLD .CO.ZA is not supported"), refuses .co.za; the ending goes off sale with the owners
 * told, until an owner routes it to a registrar that sells it.
 */
const silent = Object.fromEntries(
  ['error', 'warn', 'info', 'debug', 'trace', 'fatal'].map((level) => [level, () => {}]),
) as unknown as FastifyBaseLogger;
const noDisk = { paths: [], usage: async () => ({ usedPercent: 0, freeBytes: 0 }) };

let t: DnsimpleTestApp;
let cookie: string;
beforeAll(async () => {
  t = await createDnsimpleTestApp({ CONTACT_EMAIL: 'ops@example.co.za' });
  ({ cookie } = await signInAdmin(t.app));
});
afterAll(() => t.close());

const check = (domain: string) =>
  t.app.inject({ method: 'GET', url: `/api/domain/check?domain=${domain}` });
const route = (tld: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/tlds/${tld}`, headers: { cookie }, payload });
const overview = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/registrar', headers: { cookie } })).json();
const alertNow = async () => {
  await checkOwnerAlerts({
    db: t.app.database.db,
    config: t.config,
    log: silent,
    now: new Date(),
    disk: noDisk,
  });
  const [alert] = await t.app.database.db
    .select()
    .from(ownerAlerts)
    .where(eq(ownerAlerts.key, 'registrar-ending-refused'));
  return alert;
};

describe('a registrar per ending', () => {
  it('takes an ending its registrar refuses off sale and tells the owners; routing it elsewhere sells it again there', async () => {
    const db = t.app.database.db;
    await enqueueJob(db, 'registrar-prices', {});
    await t.app.jobs.drain();

    const [coza] = await db.select().from(tlds).where(eq(tlds.tld, 'co.za'));
    expect(coza!.refusal).toBe('DNSimple refused: TLD .CO.ZA is not supported');
    expect(coza!.refusedAt).toBeInstanceOf(Date);
    const prices = (await t.app.inject({ method: 'GET', url: '/api/domain/prices' })).json();
    const listed = JSON.stringify(prices);
    expect(listed).not.toContain('"co.za"');
    expect(listed).toContain('"com"');
    expect((await check('off-sale.co.za')).statusCode).toBe(400);
    expect((await check('still-sold.com')).json()).toMatchObject({ available: true });

    const alert = await alertNow();
    expect(alert).toMatchObject({ active: true, mailed: true });
    expect(alert!.detail).toContain('.co.za (DNSimple refused: TLD .CO.ZA is not supported)');
    const before = await overview();
    expect(before.registrars.map((r: { provider: string }) => r.provider)).toEqual([
      'dnsimple',
      'local',
    ]);
    expect(before.tlds.find((x: { tld: string }) => x.tld === 'co.za')).toMatchObject({
      route: null,
      registrar: 'dnsimple',
      refusal: 'DNSimple refused: TLD .CO.ZA is not supported',
    });
    expect(before.tlds.find((x: { tld: string }) => x.tld === 'com').pricesCheckedAt).toBeTypeOf(
      'string',
    );

    // ZACR is not configured in this app: an ending cannot be routed to it.
    const nowhere = await route('co.za', { registrar: 'zacr' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error).toBe('ZACR is not configured here: set its settings first');
    expect((await route('co.za', {})).statusCode).toBe(400);

    const moved = await route('co.za', { registrar: 'local' });
    expect(moved.json()).toEqual({
      tld: 'co.za',
      enabled: true,
      route: 'local',
      registrar: 'local',
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'tld.routed'));
    expect(audit).toMatchObject({ entityId: 'co.za', details: { from: 'default', to: 'local' } });

    // On sale again at once, answered by the local registrar: DNSimple is not asked.
    expect((await check('back-on-sale.co.za')).json()).toMatchObject({ available: true });
    expect(t.dnsimple.calls.some((call) => call.includes('back-on-sale.co.za'))).toBe(false);
    expect(await t.app.registrar.providerFor('back-on-sale.co.za')).toBe('local');
    expect(await t.app.registrar.providerFor('still-sold.com')).toBe('dnsimple');
    const [rerouted] = await db.select().from(tlds).where(eq(tlds.tld, 'co.za'));
    expect(rerouted).toMatchObject({ refusal: null, refusedAt: null, registrar: 'local' });

    // A name already held stays with the registrar that holds it, whatever the route says now.
    await createDomainOrder(db, {
      userId: null,
      domain: 'held-there.co.za',
      years: 1,
      priceCents: 11_400,
      registrarCostCents: 9_500,
      registration: {
        years: 1,
        privacy: false,
        autoRenew: false,
        registrant: {
          type: 'individual',
          fullName: 'Lerato Mokoena',
          email: 'lerato@example.co.za',
          phone: '+27825550123',
          address1: '3 Church Street',
          city: 'Pretoria',
          province: 'Gauteng',
          postalCode: '0002',
        },
      },
      registrar: 'dnsimple',
    });
    await db.execute(
      `update domain_orders set status = 'active' where domain = 'held-there.co.za'`,
    );
    expect(await t.app.registrar.providerFor('held-there.co.za')).toBe('dnsimple');

    // Back to the default: DNSimple refuses it again at the next price check.
    expect((await route('co.za', { registrar: null })).json()).toMatchObject({
      route: null,
      registrar: 'dnsimple',
    });
    await enqueueJob(db, 'registrar-prices', {});
    await t.app.jobs.drain();
    expect((await check('refused-again.co.za')).statusCode).toBe(400);
  });
});
