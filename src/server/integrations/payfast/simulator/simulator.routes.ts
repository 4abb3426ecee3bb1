import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  payfastSimulatorItns,
  payfastSimulatorPages,
  payfastSimulatorSubscriptions,
} from '#db/schema/index.ts';
import { apiErrorSchema, errorResponses } from '#shared/errors.ts';
import { htmlPageSchema, plainTextSchema, redirectSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../../app-instance.ts';
import { payfastAmount, payfastAmountToCents } from '../amounts.ts';
import { itnParamString, itnSignature, redirectFormSignatureValid } from '../signature.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { formatDate, saToday } from '#shared/dates.ts';
import { backOnThisHost, simulatorPage as page, simulatorRand } from './simulator-page.ts';
import { simulatorApi } from './simulator-api.ts';
import { createSecureToken } from '../../../lib/secure-token.ts';

const html = { content: { 'text/html': { schema: htmlPageSchema } } };
/** The simulator refuses with a page; a body it cannot read at all gets the API's error. */
const refused = {
  content: {
    'text/html': { schema: htmlPageSchema },
    'application/json': { schema: apiErrorSchema },
  },
};
const formErrors = errorResponses(400, 403, 413, 415);

/**
 * The ITN PayFast posts for a once-off payment, in PayFast's field order with every field present
 * (empty ones included), as in its developer docs' example ITN and the test ITN of its PHP SDK
 * (tests/PaymentIntegrations/NotificationTest.php); the signature is added after these.
 */
export function simulatedItn(
  form: Record<string, string>,
  sent: {
    pfPaymentId: string;
    status: 'COMPLETE' | 'FAILED' | 'CANCELLED';
    merchantId: string;
    /** A subscription's charge: its amount, and the token and billing date PayFast adds. */
    subscription?: { token: string; billingDate: string; amount: string };
  },
): [string, string][] {
  const gross = payfastAmountToCents(sent.subscription?.amount ?? form.amount ?? '') ?? 0;
  // A CANCELLED subscription ITN comes without amounts (PayFast's known behaviour).
  const amounts: [string, string][] =
    sent.status === 'CANCELLED' && sent.subscription
      ? [
          ['amount_gross', ''],
          ['amount_fee', ''],
          ['amount_net', ''],
        ]
      : [];
  // About PayFast's card fee: 3.2% + R2.00, plus VAT, in whole cents.
  const fee = Math.round((gross * 0.032 + 200) * 1.15);
  const custom = (kind: 'str' | 'int') =>
    [1, 2, 3, 4, 5].map((n): [string, string] => [
      `custom_${kind}${n}`,
      form[`custom_${kind}${n}`] ?? '',
    ]);
  return [
    ['m_payment_id', form.m_payment_id ?? ''],
    ['pf_payment_id', sent.pfPaymentId],
    ['payment_status', sent.status],
    ['item_name', form.item_name ?? ''],
    ['item_description', form.item_description ?? ''],
    ...(amounts.length > 0
      ? amounts
      : ([
          ['amount_gross', payfastAmount(gross)],
          ['amount_fee', payfastAmount(-fee)],
          ['amount_net', payfastAmount(gross - fee)],
        ] as [string, string][])),
    ...custom('str'),
    ...custom('int'),
    ['name_first', form.name_first ?? ''],
    ['name_last', form.name_last ?? ''],
    ['email_address', form.email_address ?? ''],
    ['merchant_id', sent.merchantId],
    // After the others, as in WooCommerce's PayFast gateway test ITNs for subscriptions.
    ...(sent.subscription
      ? ([
          ['token', sent.subscription.token],
          ['billing_date', sent.subscription.billingDate],
        ] as [string, string][])
      : []),
  ];
}

/**
 * What the customer is asked to pay: the amount, or for a subscription (PayFast's
 * `subscription_type` 1, monthly `frequency` 3) the first charge now and the recurring one with
 * the day it starts.
 */
export function amountRows(form: Record<string, string>): string {
  const row = (term: string, value: string) =>
    `<dt>${term}</dt><dd style="margin:0;font-weight:bold">${value}</dd>`;
  if (form.subscription_type === '2') {
    return `${row('Amount', simulatorRand(form.amount))}${row('Card', 'kept for later charges')}`;
  }
  if (form.subscription_type !== '1') return row('Amount', simulatorRand(form.amount));
  const every = form.frequency === '3' ? 'per month' : 'each period';
  const from = form.billing_date ? `, from ${escapeHtml(formatDate(form.billing_date))}` : '';
  return `${row('First charge', `${simulatorRand(form.amount)} today`)}${row('Then', `${simulatorRand(form.recurring_amount)} ${every}${from}`)}`;
}

/**
 * A local PayFast for offline use and tests (embedded default): the same form POST, a payment page
 * marked as a test, a correctly signed ITN to the notify URL, and a validate endpoint that only
 * confirms ITNs it really sent.
 */
export async function payfastSimulatorRoutes(app: AppInstance): Promise<void> {
  if (app.config.payfast.mode !== 'simulator') return;
  const { passphrase, merchantId } = app.config.payfast;
  const { db } = app.database;

  const processSchema = { response: { 200: html, ...formErrors, 400: refused } };
  app.post('/payfast-simulator/eng/process', { schema: processSchema }, async (request, reply) => {
    const form = Object.fromEntries(
      Object.entries((request.body ?? {}) as Record<string, unknown>).map(([key, value]) => [
        key,
        String(value),
      ]),
    );
    if (!redirectFormSignatureValid(form, passphrase) || form.merchant_id !== merchantId) {
      return reply
        .status(400)
        .type('text/html')
        .send(
          page(
            'Payment refused',
            '<h1>Payment refused</h1><p>The payment request was not signed correctly.</p>',
          ),
        );
    }
    const { token } = createSecureToken();
    await db.insert(payfastSimulatorPages).values({ token, form });
    // A page left open for a day has expired, as PayFast's would.
    await db
      .delete(payfastSimulatorPages)
      .where(sql`${payfastSimulatorPages.createdAt} < now() - interval '1 day'`);
    const button = (outcome: string, label: string, colour: string) =>
      `<form method="post" action="/payfast-simulator/eng/complete" style="margin:0"><input type="hidden" name="session" value="${token}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="width:100%;padding:12px;border:0;border-radius:8px;background:${colour};color:#fff;font-weight:bold;font-size:16px;cursor:pointer">${label}</button></form>`;
    return reply.type('text/html').send(
      page(
        'PayFast simulator',
        `<h1 style="margin-top:0">PayFast simulator</h1>
<dl style="display:grid;grid-template-columns:8rem 1fr;gap:6px">
<dt>Merchant</dt><dd style="margin:0">${escapeHtml(form.merchant_id ?? '')}</dd>
<dt>Item</dt><dd style="margin:0">${escapeHtml(form.item_name ?? '')}</dd>
${amountRows(form)}
</dl>
<div style="display:grid;gap:10px;margin-top:20px">${button('complete', 'Complete payment', '#166534')}${
          // Instant EFT: a once-off payment PayFast refunds into a bank account (BANK_PAYOUT); a
          // card is needed to keep one.
          form.subscription_type === '1' || form.subscription_type === '2'
            ? ''
            : button('complete-eft', 'Pay by Instant EFT', '#1e40af')
        }${button('fail', 'Fail payment', '#b91c1c')}${button('cancel', 'Cancel', '#475569')}</div>`,
      ),
    );
  });

  const completeSchema = { response: { 303: redirectSchema, ...formErrors, 400: refused } };
  app.post(
    '/payfast-simulator/eng/complete',
    { schema: completeSchema },
    async (request, reply) => {
      const { session, outcome } = (request.body ?? {}) as Record<string, string>;
      const [open] = session
        ? await db
            .delete(payfastSimulatorPages)
            .where(eq(payfastSimulatorPages.token, session))
            .returning({ form: payfastSimulatorPages.form })
        : [];
      const form = open?.form;
      if (!form) {
        return reply
          .status(400)
          .type('text/html')
          .send(page('Expired', '<h1>This test payment has expired</h1>'));
      }
      const back = (url: string | undefined) => backOnThisHost(url, app.config.publicUrl);
      if (outcome === 'cancel') return reply.redirect(back(form.cancel_url), 303);
      const paid = outcome === 'complete' || outcome === 'complete-eft';
      const status = paid ? 'COMPLETE' : 'FAILED';
      // A subscription's first charge, or a card kept for ad hoc charges (tokenisation, type 2):
      // the simulator holds it from now on, under a new token the ITN carries.
      const subscription =
        (form.subscription_type === '1' || form.subscription_type === '2') && status === 'COMPLETE'
          ? {
              token: randomUUID(),
              billingDate: form.billing_date ?? saToday(),
              amount: form.amount ?? '',
            }
          : undefined;
      if (subscription) {
        await db
          .insert(payfastSimulatorSubscriptions)
          .values({ token: subscription.token, form, runDate: subscription.billingDate });
      }
      const fundingType = outcome === 'complete-eft' && !subscription ? 'EFT' : 'CC';
      await sendItn(form, { status, subscription, fundingType }, request.log);
      return reply.redirect(back(paid ? form.return_url : form.cancel_url), 303);
    },
  );

  /**
   * Sends a signed ITN for `form` to its notify URL, recorded first (the notify route may ask
   * the validate endpoint at once); an unreachable site is logged, as PayFast would retry.
   */
  async function sendItn(
    form: Record<string, string>,
    sent: Pick<Parameters<typeof simulatedItn>[1], 'status' | 'subscription'> & {
      /** How the buyer paid: by card (the default) or Instant EFT. */
      fundingType?: 'CC' | 'EFT';
    },
    log: AppInstance['log'],
  ): Promise<{ pfPaymentId: string; delivered: number | null }> {
    const pfPaymentId = String(randomInt(1_000_000, 9_999_999));
    const itn = simulatedItn(form, {
      status: sent.status,
      subscription: sent.subscription,
      pfPaymentId,
      merchantId,
    });
    const paramString = itnParamString(itn);
    await db.insert(payfastSimulatorItns).values({
      pfPaymentId,
      paymentReference: form.m_payment_id || null,
      paramString,
      fundingType: sent.fundingType ?? 'CC',
    });
    if (!form.notify_url) return { pfPaymentId, delivered: null };
    const answer = await fetch(form.notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${paramString}&signature=${itnSignature(itn, passphrase)}`,
      signal: AbortSignal.timeout(15_000),
    }).catch((error: unknown) => {
      log.warn({ err: error }, 'simulator could not deliver the ITN');
      return null;
    });
    return { pfPaymentId, delivered: answer?.status ?? null };
  }

  const validateSchema = {
    response: { 200: { content: { 'text/plain': { schema: plainTextSchema } } }, ...formErrors },
  };
  app.post(
    '/payfast-simulator/eng/query/validate',
    { schema: validateSchema },
    async (request, reply) => {
      const paramString = itnParamString(
        Object.entries((request.body ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          String(value),
        ]),
      );
      const [known] = await db
        .select({ id: payfastSimulatorItns.id })
        .from(payfastSimulatorItns)
        .where(
          and(
            sql`md5(${payfastSimulatorItns.paramString}) = md5(${paramString})`,
            eq(payfastSimulatorItns.paramString, paramString),
          ),
        )
        .limit(1);
      return reply.type('text/plain').send(known ? 'VALID' : 'INVALID');
    },
  );

  await simulatorApi(app, sendItn);
}
