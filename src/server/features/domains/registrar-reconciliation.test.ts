import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainOrders, localRegistrarDomains, mailOutbox } from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import type { RegistrarOverview } from '#shared/registrar.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';
import { nextReconciliation } from '../../jobs/registrar-reconciliation.job.ts';
import { enqueueJob } from '../../jobs/queue.ts';

/**
 * The nightly check of the registrar's list against our records (issue 31 §5), on the local
 * registrar: names active here it does not hold, names it holds without an order here (flagged
 * with the name's last order), and expiry dates that differ — on the back office's page and in
 * one mail to the owners, none when everything agrees.
 */
let shop: ListeningShop;
let customer: { cookie: string };
let owner: { cookie: string; email: string };
let staff: { email: string };

beforeAll(async () => {
  shop = await startListeningShop();
  customer = await signUp(shop.t.app, { fullName: 'Zanele Khumalo' });
  owner = await signInAdmin(shop.t.app);
  staff = await signInAdmin(shop.t.app, { role: 'staff' });
});
afterAll(() => shop.close());

const app = () => shop.t.app;
const db = () => app().database.db;

async function buyDomain(domain: string): Promise<string> {
  const placed = await app().inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: customer.cookie },
    payload: {
      items: [
        {
          type: 'domain',
          domain,
          years: 1,
          registrant: {
            type: 'individual',
            fullName: 'Zanele Khumalo',
            email: 'zanele@example.co.za',
            phone: '082 555 0123',
            address1: '3 Loop Street',
            city: 'Cape Town',
            province: 'Western Cape',
            postalCode: '8001',
          },
        },
      ],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const reference = placed.json<{ reference: string }>().reference;
  const form = await app().inject({
    method: 'POST',
    url: `/api/orders/${reference}/payfast`,
    headers: { cookie: customer.cookie },
  });
  await payOnSimulator(app(), shop.base, form.json());
  return reference;
}

async function runReconciliation() {
  await enqueueJob(db(), 'registrar-reconciliation', {});
  await app().jobs.drain();
}

const ownerMails = () =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, owner.email)));

describe('the nightly registrar check', () => {
  it('runs at 00:30 UTC, the next night once the hour has passed', () => {
    expect(nextReconciliation(new Date('2027-03-01T00:10:00Z')).toISOString()).toBe(
      '2027-03-01T00:30:00.000Z',
    );
    expect(nextReconciliation(new Date('2027-03-01T00:30:00Z')).toISOString()).toBe(
      '2027-03-02T00:30:00.000Z',
    );
  });

  it('mails nothing while the registrar and our records agree', async () => {
    await buyDomain('zanele-agrees.com');
    await runReconciliation();
    expect(await ownerMails()).toEqual([]);
  });

  it('lists the names missing, unknown and with another expiry, on the page and in one mail', async () => {
    const refunded = await buyDomain('zanele-refunded.com');
    await buyDomain('zanele-lapsed.com');
    await buyDomain('zanele-moved.com');
    // The registrar kept a name we refunded, lost one we sell, and moved another's expiry.
    await db()
      .update(domainOrders)
      .set({ status: 'refunded' })
      .where(eq(domainOrders.domain, 'zanele-refunded.com'));
    await db()
      .delete(localRegistrarDomains)
      .where(eq(localRegistrarDomains.domain, 'zanele-lapsed.com'));
    const moved = new Date('2031-01-15T10:00:00Z');
    await db()
      .update(localRegistrarDomains)
      .set({ expiresAt: moved })
      .where(eq(localRegistrarDomains.domain, 'zanele-moved.com'));
    const [ours] = await db()
      .select({ expiresAt: domainOrders.expiresAt })
      .from(domainOrders)
      .where(eq(domainOrders.domain, 'zanele-moved.com'));

    const page = await app().inject({
      method: 'GET',
      url: '/api/admin/registrar',
      headers: { cookie: owner.cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    const { reconciliation } = page.json<RegistrarOverview>();
    expect(reconciliation.missingAtRegistrar.map((row) => row.domain)).toEqual([
      'zanele-lapsed.com',
    ]);
    expect(reconciliation.unknownHere).toEqual([
      expect.objectContaining({
        domain: 'zanele-refunded.com',
        lastOrder: { reference: refunded, status: 'refunded' },
      }),
    ]);
    expect(reconciliation.expiryDiffers).toEqual([
      {
        domain: 'zanele-moved.com',
        ours: ours!.expiresAt!.toISOString(),
        registrar: moved.toISOString(),
      },
    ]);
    expect(reconciliation.heldAtRegistrar).toBe(3);

    await runReconciliation();
    const mails = await ownerMails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Registrar check: 3 differences with our records',
    ]);
    expect(mails[0]!.text).toContain('zanele-lapsed.com: active here, not held by the registrar.');
    expect(mails[0]!.text).toContain(`zanele-refunded.com: held by the registrar until`);
    expect(mails[0]!.text).toContain(`(last order ${refunded}, refunded).`);
    expect(mails[0]!.text).toContain(
      `zanele-moved.com: expires ${formatDate(ours!.expiresAt!)} here, ${formatDate(moved)} at the registrar.`,
    );
    expect(mails[0]!.text).toContain('/admin/dnsimple-management');
    // The mail goes to the owners only.
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, staff.email))).toEqual([]);
  });
});
