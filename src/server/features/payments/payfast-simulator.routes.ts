import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { payfastSimulatorItns, payfastSimulatorRefunds } from '#db/schema/index.ts';
import { apiErrorSchema, errorResponses } from '#shared/errors.ts';
import { htmlPageSchema, plainTextSchema, redirectSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { payfastAmount, payfastAmountToCents } from '../../integrations/payfast/amounts.ts';
import { apiSignature } from '../../integrations/payfast/refunds-api.ts';
import {
  itnParamString,
  itnSignature,
  redirectFormSignatureValid,
} from '../../integrations/payfast/signature.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createSecureToken } from '../../lib/secure-token.ts';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;font-family:Arial,Helvetica,sans-serif;background:#f1f5f9;color:#0f172a">
<div style="background:#b91c1c;color:#fff;text-align:center;padding:10px;font-weight:bold">Test payment — no money moves</div>
<main style="max-width:480px;margin:32px auto;background:#fff;border-radius:12px;padding:24px">${body}</main></body></html>`;
}

const html = { content: { 'text/html': { schema: htmlPageSchema } } };
/** The simulator refuses with a page; a body it cannot read at all gets the API's error. */
const refused = {
  content: {
    'text/html': { schema: htmlPageSchema },
    'application/json': { schema: apiErrorSchema },
  },
};
const formErrors = errorResponses(400, 413, 415);

/**
 * Where the simulator sends the customer back: a URL on this site becomes its path, so the browser
 * stays on the host it opened the site on (localhost, 127.0.0.1, a LAN name) and keeps its session.
 */
export function backOnThisHost(url: string | undefined, publicUrl: string): string {
  const target = new URL(url || '/', publicUrl);
  if (target.origin !== new URL(publicUrl).origin) return target.href;
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * The ITN PayFast posts for a once-off payment, in PayFast's field order with every field present
 * (empty ones included), as in its developer docs' example ITN and the test ITN of its PHP SDK
 * (tests/PaymentIntegrations/NotificationTest.php); the signature is added after these.
 */
export function simulatedItn(
  form: Record<string, string>,
  sent: { pfPaymentId: string; status: 'COMPLETE' | 'FAILED'; merchantId: string },
): [string, string][] {
  const gross = payfastAmountToCents(form.amount ?? '') ?? 0;
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
    ['amount_gross', payfastAmount(gross)],
    ['amount_fee', payfastAmount(-fee)],
    ['amount_net', payfastAmount(gross - fee)],
    ...custom('str'),
    ...custom('int'),
    ['name_first', form.name_first ?? ''],
    ['name_last', form.name_last ?? ''],
    ['email_address', form.email_address ?? ''],
    ['merchant_id', sent.merchantId],
  ];
}

/**
 * A local PayFast for offline use and tests (embedded default): the same form POST, a payment page
 * marked as a test, a correctly signed ITN to the notify URL, and a validate endpoint that only
 * confirms ITNs it really sent.
 */
export async function payfastSimulatorRoutes(app: AppInstance): Promise<void> {
  if (app.config.payfast.mode !== 'simulator') return;
  const { passphrase, merchantId } = app.config.payfast;
  const sessions = new Map<string, Record<string, string>>();
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
    sessions.set(token, form);
    const button = (outcome: string, label: string, colour: string) =>
      `<form method="post" action="/payfast-simulator/eng/complete" style="margin:0"><input type="hidden" name="session" value="${token}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="width:100%;padding:12px;border:0;border-radius:8px;background:${colour};color:#fff;font-weight:bold;font-size:16px;cursor:pointer">${label}</button></form>`;
    return reply.type('text/html').send(
      page(
        'PayFast simulator',
        `<h1 style="margin-top:0">PayFast simulator</h1>
<dl style="display:grid;grid-template-columns:8rem 1fr;gap:6px">
<dt>Merchant</dt><dd style="margin:0">${escapeHtml(form.merchant_id ?? '')}</dd>
<dt>Item</dt><dd style="margin:0">${escapeHtml(form.item_name ?? '')}</dd>
<dt>Amount</dt><dd style="margin:0;font-weight:bold">R ${escapeHtml(form.amount ?? '')}</dd>
</dl>
<div style="display:grid;gap:10px;margin-top:20px">${button('complete', 'Complete payment', '#166534')}${button('fail', 'Fail payment', '#b91c1c')}${button('cancel', 'Cancel', '#475569')}</div>`,
      ),
    );
  });

  const completeSchema = { response: { 303: redirectSchema, ...formErrors, 400: refused } };
  app.post(
    '/payfast-simulator/eng/complete',
    { schema: completeSchema },
    async (request, reply) => {
      const { session, outcome } = (request.body ?? {}) as Record<string, string>;
      const form = session ? sessions.get(session) : undefined;
      if (!form) {
        return reply
          .status(400)
          .type('text/html')
          .send(page('Expired', '<h1>This test payment has expired</h1>'));
      }
      sessions.delete(session!);
      const back = (url: string | undefined) => backOnThisHost(url, app.config.publicUrl);
      if (outcome === 'cancel') return reply.redirect(back(form.cancel_url), 303);
      const pfPaymentId = String(randomInt(1_000_000, 9_999_999));
      const itn = simulatedItn(form, {
        pfPaymentId,
        status: outcome === 'complete' ? 'COMPLETE' : 'FAILED',
        merchantId,
      });
      const paramString = itnParamString(itn);
      // Recorded before it is sent: the notify route may ask the validate endpoint at once.
      await db.insert(payfastSimulatorItns).values({
        pfPaymentId,
        paymentReference: form.m_payment_id || null,
        paramString,
      });
      if (form.notify_url) {
        await fetch(form.notify_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `${paramString}&signature=${itnSignature(itn, passphrase)}`,
          signal: AbortSignal.timeout(15_000),
        }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'simulator could not deliver the ITN'),
        );
      }
      return reply.redirect(back(outcome === 'complete' ? form.return_url : form.cancel_url), 303);
    },
  );

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

  await simulatorRefundApi(app);
}

/** PayFast's API answer envelope: `{ code, status, data: { response, message } }`. */
const apiAnswer = z.object({
  code: z.number(),
  status: z.string(),
  data: z.object({ response: z.union([z.boolean(), z.string()]), message: z.string() }),
});
const refundQueryAnswer = z.object({
  status: z.enum(['REFUNDABLE', 'NOT_AVAILABLE']),
  funding_type: z.string(),
  amount_original: z.number(),
  amount_available_for_refund: z.number(),
  errors: z.array(z.string()),
});
const apiJson = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const refundBody = z
  .object({
    amount: z.union([z.number(), z.string()]).optional(),
    reason: z.string().optional(),
    notify_buyer: z.union([z.number(), z.string()]).optional(),
  })
  .loose()
  .optional();

/**
 * PayFast's refund API as the simulator answers it (simulator mode only): the signed headers are
 * checked like PayFast checks them; the query tells what is left of a payment the simulator took,
 * and a refund of at most that is recorded (its table survives restarts).
 */
async function simulatorRefundApi(app: AppInstance): Promise<void> {
  const { passphrase, merchantId } = app.config.payfast;
  const { db } = app.database;
  const failed = (code: number, response: string) => ({
    code,
    status: 'failed',
    data: { response, message: '' },
  });

  type Signed = { headers: Record<string, unknown>; body?: unknown; query: unknown };
  const signedByMerchant = (request: Signed) => {
    const header = (name: string) => String(request.headers[name] ?? '');
    const fields: Record<string, string | number> = {
      'merchant-id': header('merchant-id'),
      version: header('version'),
      timestamp: header('timestamp'),
      ...(request.query as Record<string, string>),
      ...((request.body ?? {}) as Record<string, string | number>),
    };
    return (
      header('merchant-id') === merchantId &&
      header('signature') === apiSignature(fields, passphrase)
    );
  };

  /** The simulator's own completed payment `pfPaymentId`: its amount and what is left of it. */
  async function refundable(pfPaymentId: string) {
    const [sent] = await db
      .select({ paramString: payfastSimulatorItns.paramString })
      .from(payfastSimulatorItns)
      .where(eq(payfastSimulatorItns.pfPaymentId, pfPaymentId));
    const fields = new URLSearchParams(sent?.paramString ?? '');
    if (!sent || fields.get('payment_status') !== 'COMPLETE') return null;
    const original = payfastAmountToCents(fields.get('amount_gross') ?? '') ?? 0;
    const [done] = await db
      .select({ cents: sql<number>`coalesce(sum(${payfastSimulatorRefunds.amountCents}), 0)::int` })
      .from(payfastSimulatorRefunds)
      .where(eq(payfastSimulatorRefunds.pfPaymentId, pfPaymentId));
    return { original, available: original - Number(done?.cents ?? 0) };
  }

  const params = z.object({ id: z.string().max(40) });
  // PayFast's own refusals, and ours when a request cannot even be read (a bad body or id).
  const errors = {
    ...errorResponses(413, 415),
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
      return {
        status: payment.available > 0 ? 'REFUNDABLE' : 'NOT_AVAILABLE',
        funding_type: 'CC',
        amount_original: payment.original,
        amount_available_for_refund: payment.available,
        errors: [],
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
