import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  payfastSimulatorItns,
  payfastSimulatorRefunds,
  payfastSimulatorSubscriptions,
} from '#db/schema/index.ts';
import { apiErrorSchema, errorResponses } from '#shared/errors.ts';
import { htmlPageSchema, redirectSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../../app-instance.ts';
import type { PayfastConfig } from '../../../config.ts';
import { payfastAmount, payfastAmountToCents } from '../amounts.ts';
import { apiSignature } from '../api.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { AppError } from '../../../plugins/errors.ts';
import { simulatorPage, simulatorRand } from './simulator-page.ts';
import { savedCardRow, simulatorSavedCards } from './simulator-saved-cards.ts';
import { nextMonth } from '#shared/dates.ts';

/** PayFast's API answer envelope: `{ code, status, data: { response, message } }`. */
export const apiAnswer = z.object({
  code: z.number(),
  status: z.string(),
  data: z.object({ response: z.union([z.boolean(), z.string()]), message: z.string() }),
});
const refundMethod = z.object({
  method: z.enum(['PAYMENT_SOURCE', 'BANK_PAYOUT', 'NOT_AVAILABLE']),
  bank_account_holder: z.string().optional(),
  bank_name: z.string().optional(),
  bank_branch_code: z.string().optional(),
  bank_account_number: z.string().optional(),
  bank_account_type: z.string().optional(),
});
/** PayFast's refund query answer (its API docs, "Query a refund"). */
const refundQueryAnswer = z.object({
  status: z.enum(['REFUNDABLE', 'NOT_AVAILABLE']),
  funding_type: z.string(),
  amount_original: z.number(),
  amount_available_for_refund: z.number(),
  errors: z.array(z.string()),
  refund_full: refundMethod,
  refund_partial: refundMethod,
  bank_names: z.array(z.object({ bank_name: z.string(), label: z.string() })),
});
/** The banks of PayFast's refund query example (its API docs list more; these stand for them). */
const simulatorBanks = [
  { bank_name: 'ABSA', label: 'Absa' },
  { bank_name: 'STANDARD', label: 'Standard Bank' },
  { bank_name: 'FNB', label: 'FNB' },
];
/** A bank payout's empty bank fields, as PayFast's query answer lists what the refund needs. */
const bankFields = {
  bank_account_holder: '',
  bank_name: '',
  bank_branch_code: '',
  bank_account_number: '',
  bank_account_type: '',
};

/**
 * Why a bank payout's details are not what PayFast's API docs ask for (Create a refund: holder up
 * to 255, a bank from the query's list, branch code up to 6 digits, account number up to 12,
 * type current or savings; acc_holder / acc_type are its other names), or null when they are.
 */
function bankDetailsProblem(body: Record<string, unknown>): string | null {
  const text = (...names: string[]) =>
    names.map((name) => body[name]).find((value) => value !== undefined && value !== '');
  const holder = String(text('bank_account_holder', 'acc_holder') ?? '').trim();
  const bank = String(text('bank_name') ?? '');
  const branch = String(text('bank_branch_code') ?? '');
  const account = String(text('bank_account_number') ?? '');
  const type = String(text('bank_account_type', 'acc_type') ?? '');
  const missing = [
    holder === '' || holder.length > 255 ? 'bank_account_holder' : null,
    simulatorBanks.some((b) => b.bank_name === bank) ? null : 'bank_name',
    /^\d{1,6}$/.test(branch) ? null : 'bank_branch_code',
    /^\d{1,12}$/.test(account) ? null : 'bank_account_number',
    ['current', 'savings'].includes(type) ? null : 'bank_account_type',
  ].filter((name) => name !== null);
  return missing.length === 0
    ? null
    : `This refund is paid out to a bank account: ${missing.join(', ')} missing or not valid`;
}
export const apiJson = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const refundBody = z
  .object({
    amount: z.union([z.number(), z.string()]).optional(),
    reason: z.string().optional(),
    notify_buyer: z.union([z.number(), z.string()]).optional(),
  })
  .loose()
  .optional();

/** PayFast's refusal envelope. */
export const failed = (code: number, response: string) => ({
  code,
  status: 'failed',
  data: { response, message: '' },
});

type Signed = { headers: Record<string, unknown>; body?: unknown; query: unknown };

/**
 * Whether a call carries the merchant's id and PayFast's API signature over headers, query and
 * body — the sandbox's `testing` left out, as PayFast's docs and its SDK sign without it.
 */
export const merchantSignature =
  ({ passphrase, merchantId }: Pick<PayfastConfig, 'passphrase' | 'merchantId'>) =>
  (request: Signed) => {
    const header = (name: string) => String(request.headers[name] ?? '');
    const query = Object.entries((request.query ?? {}) as Record<string, string>).filter(
      ([name]) => name !== 'testing',
    );
    const fields: Record<string, string | number> = {
      'merchant-id': header('merchant-id'),
      version: header('version'),
      timestamp: header('timestamp'),
      ...Object.fromEntries(query),
      ...((request.body ?? {}) as Record<string, string | number>),
    };
    return (
      header('merchant-id') === merchantId &&
      header('signature') === apiSignature(fields, passphrase)
    );
  };

/** Sends a subscription's ITN (the simulator's sendItn). */
export type SendItn = (
  form: Record<string, string>,
  sent: {
    status: 'COMPLETE' | 'FAILED' | 'CANCELLED';
    subscription?: { token: string; billingDate: string; amount: string };
  },
  log: AppInstance['log'],
) => Promise<{ pfPaymentId: string; delivered: number | null }>;

/** The simulator's REST API (refunds, subscriptions) and its "bill the next month" control. */
export async function simulatorApi(app: AppInstance, sendItn: SendItn): Promise<void> {
  await simulatorRefundApi(app);
  await simulatorSubscriptionApi(app);
  await simulatorSubscriptionBilling(app, sendItn);
  await simulatorSavedCards(app, sendItn);
}

/**
 * PayFast's refund API as the simulator answers it (simulator mode only): the signed headers are
 * checked like PayFast checks them; the query tells what is left of a payment the simulator took,
 * and a refund of at most that is recorded (its table survives restarts).
 */
async function simulatorRefundApi(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const signedByMerchant = merchantSignature(app.config.payfast);

  /**
   * The simulator's own completed payment `pfPaymentId`: its amount, what is left of it, and how
   * it was paid (a card payment is refunded to the card, an Instant EFT one into a bank account).
   */
  async function refundable(pfPaymentId: string) {
    const [sent] = await db
      .select({
        paramString: payfastSimulatorItns.paramString,
        fundingType: payfastSimulatorItns.fundingType,
      })
      .from(payfastSimulatorItns)
      .where(eq(payfastSimulatorItns.pfPaymentId, pfPaymentId));
    const fields = new URLSearchParams(sent?.paramString ?? '');
    if (!sent || fields.get('payment_status') !== 'COMPLETE') return null;
    const original = payfastAmountToCents(fields.get('amount_gross') ?? '') ?? 0;
    const [done] = await db
      .select({ cents: sql<number>`coalesce(sum(${payfastSimulatorRefunds.amountCents}), 0)::int` })
      .from(payfastSimulatorRefunds)
      .where(eq(payfastSimulatorRefunds.pfPaymentId, pfPaymentId));
    return {
      original,
      available: original - Number(done?.cents ?? 0),
      bankPayout: sent.fundingType === 'EFT',
    };
  }

  const params = z.object({ id: z.string().max(40) });
  // PayFast's own refusals, and ours when a request cannot even be read (a bad body or id).
  const errors = {
    ...errorResponses(403, 413, 415),
    400: apiJson(z.union([apiAnswer, apiErrorSchema])),
    401: apiJson(apiAnswer),
    404: apiJson(apiAnswer),
  };

  app.get(
    '/payfast-simulator/api/refunds/query/:id',
    {
      schema: {
        params,
        querystring: z.object({ testing: z.string().optional() }),
        response: { 200: apiJson(refundQueryAnswer), ...errors },
      },
    },
    async (request, reply) => {
      if (!signedByMerchant(request)) {
        return reply.status(401).send(failed(401, 'Merchant authorization failed.'));
      }
      const payment = await refundable(request.params.id);
      if (!payment) return reply.status(404).send(failed(404, 'Transaction not found'));
      const method = payment.bankPayout
        ? { method: 'BANK_PAYOUT' as const, ...bankFields }
        : { method: 'PAYMENT_SOURCE' as const };
      const none = { method: 'NOT_AVAILABLE' as const };
      return {
        status: payment.available > 0 ? 'REFUNDABLE' : 'NOT_AVAILABLE',
        funding_type: payment.bankPayout ? 'EFT' : 'CC',
        amount_original: payment.original,
        amount_available_for_refund: payment.available,
        errors: payment.available > 0 ? [] : ['This transaction has been refunded in full'],
        // A full refund only while nothing has been refunded, as in PayFast's example answer.
        refund_full: payment.available === payment.original ? method : none,
        refund_partial: payment.available > 0 ? method : none,
        bank_names: payment.bankPayout ? simulatorBanks : [],
      };
    },
  );

  app.post(
    '/payfast-simulator/api/refunds/:id',
    {
      schema: {
        params,
        querystring: z.object({ testing: z.string().optional() }),
        body: refundBody,
        response: { 200: apiJson(apiAnswer), ...errors },
      },
    },
    async (request, reply) => {
      if (!signedByMerchant(request)) {
        return reply.status(401).send(failed(401, 'Merchant authorization failed.'));
      }
      const payment = await refundable(request.params.id);
      if (!payment) return reply.status(404).send(failed(404, 'Transaction not found'));
      const amount = Number(request.body?.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return reply.status(400).send(failed(400, 'The amount must be a whole number of cents'));
      }
      if (amount > payment.available) {
        return reply
          .status(400)
          .send(failed(400, 'The refund amount exceeds the amount available for refund'));
      }
      const problem = payment.bankPayout ? bankDetailsProblem(request.body ?? {}) : null;
      if (problem) return reply.status(400).send(failed(400, problem));
      await db.insert(payfastSimulatorRefunds).values({
        pfPaymentId: request.params.id,
        amountCents: amount,
        reason: String(request.body?.reason ?? '').slice(0, 255),
      });
      return {
        code: 200,
        status: 'success',
        data: { response: true, message: 'Refund processed' },
      };
    },
  );
}

const subscriptionFetchAnswer = z.object({
  code: z.number(),
  status: z.string(),
  data: z.object({
    response: z.object({
      token: z.string(),
      amount: z.number(),
      cycles: z.number(),
      cycles_complete: z.number(),
      frequency: z.number(),
      run_date: z.string(),
      status: z.number(),
      status_reason: z.string(),
      status_text: z.string(),
    }),
  }),
});

/**
 * PayFast's subscription API as the simulator answers it: fetch (GET …/fetch), cancel
 * (PUT …/cancel), pause, unpause and update of a subscription it holds, with PayFast's signed headers and envelopes; a
 * cancelled subscription cannot be cancelled again.
 */
async function simulatorSubscriptionApi(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const signedByMerchant = merchantSignature(app.config.payfast);
  const params = z.object({ token: z.string().max(60) });
  const querystring = z.object({ testing: z.string().optional() });
  const errors = {
    ...errorResponses(403, 413, 415),
    400: apiJson(z.union([apiAnswer, apiErrorSchema])),
    401: apiJson(apiAnswer),
    404: apiJson(apiAnswer),
  };
  const held = async (token: string) =>
    (
      await db
        .select()
        .from(payfastSimulatorSubscriptions)
        .where(eq(payfastSimulatorSubscriptions.token, token))
    )[0];

  app.get(
    '/payfast-simulator/api/subscriptions/:token/fetch',
    {
      schema: {
        params,
        querystring,
        response: { 200: apiJson(subscriptionFetchAnswer), ...errors },
      },
    },
    async (request, reply) => {
      if (!signedByMerchant(request)) {
        return reply.status(401).send(failed(401, 'Merchant authorization failed.'));
      }
      const subscription = await held(request.params.token);
      if (!subscription) return reply.status(404).send(failed(404, 'Subscription not found'));
      const active = subscription.status === 'active';
      return {
        code: 200,
        status: 'success',
        data: {
          response: {
            token: subscription.token,
            amount: payfastAmountToCents(subscription.form.recurring_amount ?? '') ?? 0,
            cycles: Number(subscription.form.cycles ?? 0),
            cycles_complete: subscription.cyclesComplete,
            frequency: Number(subscription.form.frequency ?? 3),
            run_date: subscription.runDate,
            status: active ? 1 : 2,
            status_reason: '',
            status_text: active ? 'ACTIVE' : 'CANCELLED',
          },
        },
      };
    },
  );

  app.put(
    '/payfast-simulator/api/subscriptions/:token/cancel',
    { schema: { params, querystring, response: { 200: apiJson(apiAnswer), ...errors } } },
    async (request, reply) => {
      if (!signedByMerchant(request)) {
        return reply.status(401).send(failed(401, 'Merchant authorization failed.'));
      }
      const subscription = await held(request.params.token);
      if (!subscription) return reply.status(404).send(failed(404, 'Subscription not found'));
      if (subscription.status === 'cancelled') {
        return reply.status(400).send(failed(400, 'Subscription is already cancelled'));
      }
      await db
        .update(payfastSimulatorSubscriptions)
        .set({ status: 'cancelled' })
        .where(eq(payfastSimulatorSubscriptions.token, subscription.token));
      return { code: 200, status: 'success', data: { response: true, message: '' } };
    },
  );

  /**
   * Pause, unpause and update, as PayFast's PHP SDK calls them (`Subscriptions::pause` with
   * `cycles`, `unpause`, `update` with `amount` in cents, `cycles`, `frequency`, `run_date`).
   * A refusal is PayFast's envelope with `status: "failed"`: 400 for a cancelled subscription, a
   * pause of a paused one, an unpause of a running one, or a field that is not a whole number.
   */
  const change = (
    method: 'PUT' | 'PATCH',
    action: string,
    body: z.ZodType,
    apply: (
      subscription: NonNullable<Awaited<ReturnType<typeof held>>>,
      body: Record<string, unknown>,
    ) => string | Partial<typeof payfastSimulatorSubscriptions.$inferInsert>,
  ) =>
    app.route({
      method,
      url: `/payfast-simulator/api/subscriptions/:token/${action}`,
      schema: { params, querystring, body, response: { 200: apiJson(apiAnswer), ...errors } },
      handler: async (request, reply) => {
        if (!signedByMerchant(request)) {
          return reply.status(401).send(failed(401, 'Merchant authorization failed.'));
        }
        const { token } = request.params as { token: string };
        const subscription = await held(token);
        if (!subscription) return reply.status(404).send(failed(404, 'Subscription not found'));
        if (subscription.status === 'cancelled') {
          return reply.status(400).send(failed(400, 'Subscription is cancelled'));
        }
        const set = apply(subscription, (request.body ?? {}) as Record<string, unknown>);
        if (typeof set === 'string') return reply.status(400).send(failed(400, set));
        await db
          .update(payfastSimulatorSubscriptions)
          .set(set)
          .where(eq(payfastSimulatorSubscriptions.token, token));
        return { code: 200, status: 'success', data: { response: true, message: '' } };
      },
    });
  const whole = z.union([z.number(), z.string()]).optional();
  const count = (value: unknown) => (/^\d+$/.test(String(value)) ? Number(value) : null);
  change('PUT', 'pause', z.object({ cycles: whole }).loose().optional(), (subscription, body) => {
    if (subscription.pausedCycles > 0) return 'Subscription is already paused';
    const cycles = body.cycles === undefined ? 1 : count(body.cycles);
    if (!cycles) return 'cycles must be a whole number of at least 1';
    return { pausedCycles: cycles };
  });
  change('PUT', 'unpause', z.unknown().optional(), (subscription) =>
    subscription.pausedCycles === 0 ? 'Subscription is not paused' : { pausedCycles: 0 },
  );
  change(
    'PATCH',
    'update',
    z
      .object({ amount: whole, cycles: whole, frequency: whole, run_date: z.string().optional() })
      .loose()
      .optional(),
    (subscription, body) => {
      const form = { ...subscription.form };
      if (body.amount !== undefined) {
        const cents = count(body.amount);
        if (!cents) return 'amount must be a whole number of cents';
        form.recurring_amount = payfastAmount(cents);
      }
      if (body.cycles !== undefined) {
        const cycles = count(body.cycles);
        if (cycles === null) return 'cycles must be a whole number';
        form.cycles = String(cycles);
      }
      if (body.frequency !== undefined) {
        const frequency = count(body.frequency);
        if (!frequency || frequency > 6) return 'frequency must be 1 to 6';
        form.frequency = String(frequency);
      }
      const runDate = body.run_date === undefined ? subscription.runDate : String(body.run_date);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(runDate)) return 'run_date must be YYYY-MM-DD';
      return { form, runDate };
    },
  );
}

const billBody = z.object({ outcome: z.enum(['complete', 'fail', 'cancel']) });
const billAnswer = z.object({
  pfPaymentId: z.string(),
  /** PAUSED: the billing day passed without a charge (no ITN). */
  status: z.enum(['COMPLETE', 'FAILED', 'CANCELLED', 'PAUSED']),
  /** The notify URL's HTTP status, null when it could not be reached. */
  delivered: z.number().nullable(),
  runDate: z.string(),
});

/**
 * What PayFast does on a billing day, on demand (simulator mode only): a page listing the
 * subscriptions the simulator holds, and POST …/bill to charge one now (COMPLETE or FAILED, at
 * its recurring amount) or to cancel it as a buyer would in PayFast (a CANCELLED ITN without
 * amounts). A form post returns to the page; a JSON post (tests, scripts) gets what was sent.
 */
async function simulatorSubscriptionBilling(app: AppInstance, sendItn: SendItn): Promise<void> {
  const { db } = app.database;
  const html = { content: { 'text/html': { schema: htmlPageSchema } } };

  app.get(
    '/payfast-simulator/subscriptions',
    { schema: { response: { 200: html, ...errorResponses() } } },
    async (_request, reply) => {
      const held = await db
        .select()
        .from(payfastSimulatorSubscriptions)
        .orderBy(sql`${payfastSimulatorSubscriptions.createdAt} desc`)
        .limit(50);
      const button = (token: string, outcome: string, label: string) =>
        `<form method="post" action="/payfast-simulator/subscriptions/${escapeHtml(token)}/bill" style="display:inline"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="padding:8px 12px;margin:4px 4px 0 0;border:1px solid #334155;border-radius:6px;background:#fff;cursor:pointer">${label}</button></form>`;
      const rows = held.map((s) =>
        s.form.subscription_type === '2'
          ? savedCardRow(s)
          : `<li style="padding:12px 0;border-top:1px solid #e2e8f0"><strong>${escapeHtml(s.form.item_name ?? '')}</strong><br>${simulatorRand(s.form.recurring_amount)} per month · next charge ${escapeHtml(s.runDate)} · ${s.status}<br>${
              s.status === 'active'
                ? button(s.token, 'complete', 'Bill next month') +
                  button(s.token, 'fail', 'Fail next month') +
                  button(s.token, 'cancel', 'Cancel as the buyer')
                : ''
            }</li>`,
      );
      return reply
        .type('text/html')
        .send(
          simulatorPage(
            'PayFast simulator: subscriptions',
            `<h1 style="margin-top:0">Subscriptions</h1>${rows.length ? `<ul style="list-style:none;padding:0;margin:0">${rows.join('')}</ul>` : '<p>No subscriptions yet. Pay for a monthly service to start one.</p>'}`,
          ),
        );
    },
  );

  app.post(
    '/payfast-simulator/subscriptions/:token/bill',
    {
      schema: {
        params: z.object({ token: z.string().max(60) }),
        body: billBody,
        response: {
          200: apiJson(billAnswer),
          303: redirectSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const [subscription] = await db
        .select()
        .from(payfastSimulatorSubscriptions)
        .where(eq(payfastSimulatorSubscriptions.token, request.params.token));
      if (!subscription) {
        throw new AppError('NOT_FOUND', { message: 'The simulator holds no such subscription' });
      }
      if (subscription.status !== 'active') {
        throw new AppError('CONFLICT', { message: 'This subscription is cancelled' });
      }
      if (subscription.form.subscription_type === '2') {
        throw new AppError('CONFLICT', { message: 'A saved card is charged ad hoc, not billed' });
      }
      // A paused subscription's billing day passes without a charge, as PayFast skips it.
      if (subscription.pausedCycles > 0 && request.body.outcome !== 'cancel') {
        const skippedTo = nextMonth(subscription.runDate);
        await db
          .update(payfastSimulatorSubscriptions)
          .set({ runDate: skippedTo, pausedCycles: subscription.pausedCycles - 1 })
          .where(eq(payfastSimulatorSubscriptions.token, subscription.token));
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          return reply.redirect('/payfast-simulator/subscriptions', 303);
        }
        return { pfPaymentId: '', status: 'PAUSED' as const, delivered: null, runDate: skippedTo };
      }
      const status = ({ complete: 'COMPLETE', fail: 'FAILED', cancel: 'CANCELLED' } as const)[
        request.body.outcome
      ];
      const runDate =
        status === 'COMPLETE' ? nextMonth(subscription.runDate) : subscription.runDate;
      await db
        .update(payfastSimulatorSubscriptions)
        .set({
          runDate,
          cyclesComplete: subscription.cyclesComplete + (status === 'COMPLETE' ? 1 : 0),
          status: status === 'CANCELLED' ? 'cancelled' : 'active',
        })
        .where(eq(payfastSimulatorSubscriptions.token, subscription.token));
      const sent = await sendItn(
        subscription.form,
        {
          status,
          subscription: {
            token: subscription.token,
            billingDate: subscription.runDate,
            amount: subscription.form.recurring_amount ?? '',
          },
        },
        request.log,
      );
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect('/payfast-simulator/subscriptions', 303);
      }
      return { ...sent, status, runDate };
    },
  );
}
