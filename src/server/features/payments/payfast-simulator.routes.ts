import { randomInt } from 'node:crypto';
import { apiErrorSchema, errorResponses } from '#shared/errors.ts';
import { htmlPageSchema, plainTextSchema, redirectSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { itnSignatureValid, md5, signatureString } from '../../integrations/payfast/signature.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createSecureToken } from '../../lib/secure-token.ts';
import { itnParamString } from './payments.service.ts';

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
 * A local PayFast for offline use and tests (embedded default): the same form POST, a payment page
 * marked as a test, a correctly signed ITN to the notify URL, and a validate endpoint that only
 * confirms ITNs it really sent.
 */
export async function payfastSimulatorRoutes(app: AppInstance): Promise<void> {
  if (app.config.payfast.mode !== 'simulator') return;
  const { passphrase, merchantId } = app.config.payfast;
  const sessions = new Map<string, Record<string, string>>();
  const sent = new Set<string>();

  const processSchema = { response: { 200: html, ...formErrors, 400: refused } };
  app.post('/payfast-simulator/eng/process', { schema: processSchema }, async (request, reply) => {
    const fields = Object.entries((request.body ?? {}) as Record<string, unknown>).map(
      ([key, value]) => [key, String(value)] as [string, string],
    );
    const form = Object.fromEntries(fields);
    if (!itnSignatureValid(fields, passphrase) || form.merchant_id !== merchantId) {
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
      if (outcome === 'cancel') return reply.redirect(form.cancel_url ?? '/', 303);
      const gross = Number(form.amount ?? 0);
      const fee = Math.round((gross * 0.032 + 2 * 1.15) * 100) / 100;
      const itn: [string, string][] = [
        ['m_payment_id', form.m_payment_id ?? ''],
        ['pf_payment_id', String(randomInt(1_000_000, 9_999_999))],
        ['payment_status', outcome === 'complete' ? 'COMPLETE' : 'FAILED'],
        ['item_name', form.item_name ?? ''],
        ['item_description', form.item_description ?? ''],
        ['amount_gross', gross.toFixed(2)],
        ['amount_fee', (-fee).toFixed(2)],
        ['amount_net', (gross - fee).toFixed(2)],
        ['name_first', form.name_first ?? ''],
        ['name_last', form.name_last ?? ''],
        ['email_address', form.email_address ?? ''],
        ['merchant_id', merchantId],
      ];
      const signed: [string, string][] = [
        ...itn,
        ['signature', md5(signatureString(itn, passphrase))],
      ];
      sent.add(itnParamString(signed));
      if (form.notify_url) {
        await fetch(form.notify_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: signatureString(signed, undefined),
          signal: AbortSignal.timeout(15_000),
        }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'simulator could not deliver the ITN'),
        );
      }
      return reply.redirect(
        (outcome === 'complete' ? form.return_url : form.cancel_url) ?? '/',
        303,
      );
    },
  );

  const validateSchema = {
    response: { 200: { content: { 'text/plain': { schema: plainTextSchema } } }, ...formErrors },
  };
  app.post(
    '/payfast-simulator/eng/query/validate',
    { schema: validateSchema },
    async (request, reply) => {
      const fields = Object.entries((request.body ?? {}) as Record<string, unknown>).map(
        ([key, value]) => [key, String(value)] as [string, string],
      );
      return reply
        .type('text/plain')
        .send(sent.has(signatureString(fields, undefined)) ? 'VALID' : 'INVALID');
    },
  );
}
