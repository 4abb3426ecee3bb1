import {
  createDomainOrder,
  markDomainOrderPaid,
} from '../../src/server/features/domains/domain-orders.service.ts';
import { signUp } from './accounts.ts';
import { runRetriesNow } from './jobs.ts';
import type { TestApp } from './test-app.ts';

/** A customer with one active domain, registered the way a paid order is. */
export async function customerWithDomain(t: TestApp, domain: string) {
  const customer = await signUp(t.app);
  const order = await createDomainOrder(t.app.database.db, {
    userId: customer.user.id,
    domain,
    years: 1,
    priceCents: 11_400,
    registrarCostCents: 9_500,
    registrar: t.app.registrar.provider,
    registration: {
      years: 1,
      privacy: false,
      autoRenew: true,
      registrant: {
        type: 'individual',
        fullName: 'Pieter Botha',
        email: customer.email,
        phone: '+27825550101',
        address1: '1 Main Road',
        city: 'Knysna',
        province: 'Western Cape',
        postalCode: '6570',
      },
    },
  });
  await markDomainOrderPaid(t.app.database.db, order.id);
  await t.app.jobs.drain();
  // DNSimple answers a registration `new`: the poll that follows finds it registered.
  await runRetriesNow(t.app);
  return customer;
}
