import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { payfastSimulatorSubscriptions } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { apiErrorSchema, errorResponses } from '#shared/errors.ts';
import { htmlPageSchema, redirectSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../../app-instance.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { AppError } from '../../../plugins/errors.ts';
import { payfastAmount } from '../amounts.ts';
import { apiAnswer, apiJson, failed, merchantSignature, type SendItn } from './simulator-api.ts';
import { backOnThisHost, simulatorPage } from './simulator-page.ts';

type Held = typeof payfastSimulatorSubscriptions.$inferSelect;

const smallButton =
  'padding:8px 12px;margin:4px 4px 0 0;border:1px solid #334155;border-radius:6px;background:#fff;cursor:pointer';

/** A saved card on the simulator's subscriptions page, with the switch that makes it decline. */
export function savedCardRow(card: Held): string {
  const next = card.card === 'accepts' ? 'declines' : 'accepts';
  const label = card.card === 'accepts' ? 'Decline its next charges' : 'Accept its next charges';
  return `<li style="padding:12px 0;border-top:1px solid #e2e8f0"><strong>Saved card</strong> (${escapeHtml(card.token)})<br>charged ad hoc · card ${card.card} · ${card.status}<br>${
    card.status === 'active'
      ? `<form method="post" action="/payfast-simulator/subscriptions/${escapeHtml(card.token)}/card" style="display:inline"><input type="hidden" name="card" value="${next}"><button type="submit" style="${smallButton}">${label}</button></form>`
      : ''
  }</li>`;
}

const adhocBody = z
  .object({
    amount: z.union([z.number(), z.string()]),
    item_name: z.string().min(1).max(100),
    item_description: z.string().optional(),
    m_payment_id: z.string().max(100).optional(),
  })
  .loose();
const cardBody = z.object({ card: z.enum(['accepts', 'declines']) });
const cardAnswer = z.object({ token: z.string(), card: z.enum(['accepts', 'declines']) });
const html = { content: { 'text/html': { schema: htmlPageSchema } } };

/**
 * PayFast's tokenisation as the simulator plays it (simulator mode only): ad hoc charges of a kept
 * card (POST /api/subscriptions/{token}/adhoc, amount in cents), answered in PayFast's envelope —
 * a declined card with HTTP 200 and `status: "success"` but `response: "05"`, as PayFast answers
 * it — and a COMPLETE ITN for a charge that goes through; a switch that makes a card decline; and
 * the hosted card-update page (`/eng/recurring/update/{token}?return=…`), which replaces the card
 * with one that is accepted.
 */
export async function simulatorSavedCards(app: AppInstance, sendItn: SendItn): Promise<void> {
  const { db } = app.database;
  const signedByMerchant = merchantSignature(app.config.payfast);
  const params = z.object({ token: z.string().max(60) });
  const held = async (token: string) =>
    (
      await db
        .select()
        .from(payfastSimulatorSubscriptions)
        .where(eq(payfastSimulatorSubscriptions.token, token))
    )[0];

  app.post(
    '/payfast-simulator/api/subscriptions/:token/adhoc',
    {
      schema: {
        params,
        querystring: z.object({ testing: z.string().optional() }),
        body: adhocBody,
        response: {
          200: apiJson(apiAnswer),
          ...errorResponses(403, 413, 415),
          400: apiJson(z.union([apiAnswer, apiErrorSchema])),
          401: apiJson(apiAnswer),
          404: apiJson(apiAnswer),
        },
      },
    },
    async (request, reply) => {
      if (!signedByMerchant(request)) {
        return reply.status(401).send(failed(401, 'Merchant authorization failed.'));
      }
      const card = await held(request.params.token);
      if (!card || card.form.subscription_type !== '2') {
        return reply.status(404).send(failed(404, 'Subscription not found'));
      }
      if (card.status !== 'active') {
        return reply.status(400).send(failed(400, 'Subscription is cancelled'));
      }
      const cents = Number(request.body.amount);
      if (!Number.isInteger(cents) || cents < 1) {
        return reply.status(400).send(failed(400, 'amount must be a whole number of cents'));
      }
      if (card.card === 'declines') {
        return {
          code: 200,
          status: 'success',
          data: {
            response: '05',
            message:
              'Your card was not accepted for payment. Please try the transaction again. If the error persists, please consult your issuer/bank for more information (05)',
          },
        };
      }
      const amount = payfastAmount(cents);
      await sendItn(
        {
          ...card.form,
          m_payment_id: request.body.m_payment_id ?? '',
          item_name: request.body.item_name,
          item_description: request.body.item_description ?? '',
          amount,
        },
        { status: 'COMPLETE', subscription: { token: card.token, billingDate: saToday(), amount } },
        request.log,
      );
      return {
        code: 200,
        status: 'success',
        data: { response: true, message: 'Transaction was successful (00)' },
      };
    },
  );

  app.post(
    '/payfast-simulator/subscriptions/:token/card',
    {
      schema: {
        params,
        body: cardBody,
        response: {
          200: apiJson(cardAnswer),
          303: redirectSchema,
          ...errorResponses(400, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const card = await held(request.params.token);
      if (!card) throw new AppError('NOT_FOUND', { message: 'The simulator holds no such card' });
      await db
        .update(payfastSimulatorSubscriptions)
        .set({ card: request.body.card })
        .where(eq(payfastSimulatorSubscriptions.token, card.token));
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect('/payfast-simulator/subscriptions', 303);
      }
      return { token: card.token, card: request.body.card };
    },
  );

  const updatePath = '/payfast-simulator/eng/recurring/update/:token';
  const activeCard = async (token: string) => {
    const card = await held(token);
    if (!card || card.status !== 'active') {
      throw new AppError('NOT_FOUND', { message: 'There is no such card or subscription' });
    }
    return card;
  };

  app.get(
    updatePath,
    {
      schema: {
        params,
        querystring: z.object({ return: z.string().optional() }),
        response: { 200: html, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const card = await activeCard(request.params.token);
      return reply.type('text/html').send(
        simulatorPage(
          'PayFast simulator: update card',
          `<h1 style="margin-top:0">Update your card</h1>
<p>The card behind ${escapeHtml(card.form.item_name ?? 'this agreement')} is replaced by a test card that is accepted.</p>
<form method="post" style="margin:0"><input type="hidden" name="return" value="${escapeHtml(request.query.return ?? '')}"><button type="submit" style="width:100%;padding:12px;border:0;border-radius:8px;background:#166534;color:#fff;font-weight:bold;font-size:16px;cursor:pointer">Save new card</button></form>`,
        ),
      );
    },
  );

  app.post(
    updatePath,
    {
      schema: {
        params,
        body: z.object({ return: z.string().optional() }),
        response: { 303: redirectSchema, ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const card = await activeCard(request.params.token);
      await db
        .update(payfastSimulatorSubscriptions)
        .set({ card: 'accepts' })
        .where(eq(payfastSimulatorSubscriptions.token, card.token));
      return reply.redirect(backOnThisHost(request.body.return, app.config.publicUrl), 303);
    },
  );
}
