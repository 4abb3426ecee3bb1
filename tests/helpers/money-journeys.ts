import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AppInstance } from '../../src/server/app-instance.ts';
import type {
  BankTransfer,
  BankTransferRecorded,
} from '../../src/shared/bank-transfers.schemas.ts';
import type { CreditApplied, CreditStatement } from '../../src/shared/credit.schemas.ts';
import type { Reconciliation } from '../../src/shared/reconciliation.schemas.ts';
import { payOnSimulator } from './simulator.ts';

/** A bank line as the owner types it. */
type TransferLine = {
  orderReference: string;
  amount: number;
  receivedOn: string;
  bankReference: string;
};

/**
 * A customer's and an owner's money journeys through the site's own API (orders, card on the
 * simulator, bank transfers, credit, refunds, reconciliation), for tests that mix them.
 */
export function moneyJourneys(
  app: AppInstance,
  base: string,
  people: { customer: { cookie: string }; owner: { cookie: string } },
) {
  const as = (cookie: string) => ({ cookie });
  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers: as(cookie), ...(payload === undefined ? {} : { payload }) });
  const customer = people.customer.cookie;
  const owner = people.owner.cookie;

  return {
    async placeOrder(packageId = 'website-business', cookie = customer) {
      const response = await call('POST', '/api/orders', cookie, {
        items: [{ type: 'package', packageId }],
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ reference: string; total: number; status: string }>();
    },
    async payByCard(orderReference: string, cookie = customer) {
      const form = await call('POST', `/api/orders/${orderReference}/payfast`, cookie);
      expect(form.statusCode, form.body).toBe(200);
      const started = form.json<{
        action: string;
        reference: string;
        fields: Record<string, string>;
      }>();
      await payOnSimulator(app, base, started);
      return started;
    },
    async chooseBankTransfer(orderReference: string, cookie = customer) {
      const response = await call('POST', `/api/orders/${orderReference}/eft`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<BankTransfer>();
    },
    recordTransfer(body: TransferLine, cookie = owner) {
      return call('POST', '/api/admin/bank-transfers', cookie, body);
    },
    async recorded(body: TransferLine) {
      const response = await call('POST', '/api/admin/bank-transfers', owner, body);
      expect(response.statusCode, response.body).toBe(201);
      await app.jobs.drain();
      return response.json<BankTransferRecorded>();
    },
    importStatement(csv: string, cookie = owner) {
      return call('POST', '/api/admin/bank-statements', cookie, { csv });
    },
    payFromCredit(orderReference: string, amount: number, cookie = customer) {
      return call('POST', `/api/orders/${orderReference}/credit`, cookie, { amount });
    },
    async paidFromCredit(orderReference: string, amount: number, cookie = customer) {
      const response = await call('POST', `/api/orders/${orderReference}/credit`, cookie, {
        amount,
      });
      expect(response.statusCode, response.body).toBe(200);
      await app.jobs.drain();
      return response.json<CreditApplied>();
    },
    async credit(cookie = customer) {
      return (await call('GET', '/api/account/credit', cookie)).json<CreditStatement>();
    },
    async refund(
      payment: string,
      body: { amount: number; reason: string; destination?: 'method' | 'credit' },
    ) {
      const response = await call('POST', `/api/admin/payments/${payment}/refunds`, owner, body);
      expect(response.statusCode, response.body).toBe(202);
      await app.jobs.drain();
      return response.json<{ reference: string; status: string; creditNote: string | null }>();
    },
    async reconciliation(query = '') {
      const response = await call('GET', `/api/admin/reconciliation${query}`, owner);
      expect(response.statusCode).toBe(200);
      return response.json<Reconciliation>();
    },
    async orderStatus(reference: string, cookie = customer) {
      const list = (await call('GET', '/api/orders', cookie)).json<
        { reference: string; status: string }[]
      >();
      return list.find((o) => o.reference === reference)?.status;
    },
  };
}
