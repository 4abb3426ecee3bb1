import { createServer, type IncomingHttpHeaders } from 'node:http';

/**
 * An answer forced on the next call: a status with a body (JSON or an HTML error page), a line cut
 * before PayFast acts ('drop'), or one cut after it acted, its answer lost ('lose-answer'); or
 * 'answer' to let one call through as usual before the faults that follow.
 */
export type ApiFault =
  { status: number; body: string; contentType?: string } | 'drop' | 'lose-answer' | 'answer';

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/**
 * PayFast's REST refund, subscription (cancel, pause, unpause, update) and ad hoc charge API for tests, answering in PayFast's shapes: the refund query's bare
 * object (`status`, `amount_original`, `amount_available_for_refund` in cents, `errors`), and
 * the `{ code, status, data: { response, message } }` envelope for a refund or a refusal. Keeps
 * every call; `fail()` queues faults for the next calls.
 */
export async function startPayfastApiStandIn() {
  const originals = new Map<string, number>();
  const refunded = new Map<string, number>();
  const subscriptions = new Map<string, 'active' | 'paused' | 'cancelled'>();
  const amounts = new Map<string, number>();
  const cards = new Map<string, 'accepts' | 'declines'>();
  const faults: ApiFault[] = [];
  const calls: ApiCall[] = [];
  const envelope = (code: number, status: string, response: unknown) =>
    JSON.stringify({ code, status, data: { response, message: '' } });

  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const call: ApiCall = {
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      };
      calls.push(call);
      const fault = faults.shift();
      const send = (status: number, body: string, contentType = 'application/json') =>
        fault === 'lose-answer'
          ? request.socket.destroy()
          : response.writeHead(status, { 'content-type': contentType }).end(body);
      if (fault === 'drop') return request.socket.destroy();
      if (typeof fault === 'object') return send(fault.status, fault.body, fault.contentType);
      const cancel = /^\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
      if (cancel && call.method === 'PUT') {
        const token = decodeURIComponent(cancel[1]!);
        const state = subscriptions.get(token);
        if (state === undefined)
          return send(404, envelope(404, 'failed', 'Subscription not found'));
        if (state === 'cancelled') {
          return send(400, envelope(400, 'failed', 'Subscription is already cancelled'));
        }
        subscriptions.set(token, 'cancelled');
        return send(200, envelope(200, 'success', true));
      }
      // Pause / unpause / update: a refusal is 200 with status "failed", as PayFast's PHP SDK's
      // tests allow for pause and unpause.
      const change = /^\/subscriptions\/([^/]+)\/(pause|unpause|update)$/.exec(url.pathname);
      if (change && call.method === (change[2] === 'update' ? 'PATCH' : 'PUT')) {
        const token = decodeURIComponent(change[1]!);
        const state = subscriptions.get(token);
        if (state === undefined)
          return send(404, envelope(404, 'failed', 'Subscription not found'));
        const refuse = (why: string) => send(200, envelope(200, 'failed', why));
        if (state === 'cancelled') return refuse('Subscription is cancelled');
        if (change[2] === 'pause') {
          if (state === 'paused') return refuse('Subscription is already paused');
          subscriptions.set(token, 'paused');
        } else if (change[2] === 'unpause') {
          if (state !== 'paused') return refuse('Subscription is not paused');
          subscriptions.set(token, 'active');
        } else {
          amounts.set(token, Number(call.body?.amount));
        }
        return send(200, envelope(200, 'success', true));
      }
      const adhoc = /^\/subscriptions\/([^/]+)\/adhoc$/.exec(url.pathname);
      if (adhoc && call.method === 'POST') {
        const card = cards.get(decodeURIComponent(adhoc[1]!));
        if (card === undefined) return send(404, envelope(404, 'failed', 'Subscription not found'));
        // PayFast answers a declined card with 200 and "success" (WooCommerce gateway issue #2).
        if (card === 'declines') {
          return send(
            200,
            JSON.stringify({
              code: 200,
              status: 'success',
              data: { response: '05', message: 'Your card was not accepted for payment (05)' },
            }),
          );
        }
        return send(
          200,
          JSON.stringify({
            code: 200,
            status: 'success',
            data: { response: 'true', message: 'Transaction was successful (00)' },
          }),
        );
      }
      const query = /^\/refunds\/query\/([^/]+)$/.exec(url.pathname);
      const create = /^\/refunds\/([^/]+)$/.exec(url.pathname);
      const id = decodeURIComponent((query ?? create)?.[1] ?? '');
      const original = originals.get(id);
      if (original === undefined)
        return send(404, envelope(404, 'failed', 'Transaction not found'));
      const available = original - (refunded.get(id) ?? 0);
      if (query && call.method === 'GET') {
        return send(
          200,
          JSON.stringify({
            status: available > 0 ? 'REFUNDABLE' : 'NOT_AVAILABLE',
            funding_type: 'CC',
            amount_original: original,
            amount_available_for_refund: available,
            errors: [],
          }),
        );
      }
      if (create && call.method === 'POST') {
        const amount = Number(call.body?.amount);
        if (!Number.isInteger(amount) || amount < 1 || amount > available) {
          return send(400, envelope(400, 'failed', 'Refund amount exceeds the available balance'));
        }
        refunded.set(id, (refunded.get(id) ?? 0) + amount);
        return send(200, envelope(200, 'success', true));
      }
      return send(400, envelope(400, 'failed', 'Bad Request'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    calls,
    /** A card payment PayFast took, so it can be refunded. */
    addPayment(pfPaymentId: string, cents: number) {
      originals.set(pfPaymentId, cents);
    },
    /** What PayFast has refunded on a payment (as if made elsewhere, e.g. a try that crashed). */
    refundOutside(pfPaymentId: string, cents: number) {
      refunded.set(pfPaymentId, (refunded.get(pfPaymentId) ?? 0) + cents);
    },
    refundedOf: (pfPaymentId: string) => refunded.get(pfPaymentId) ?? 0,
    /** A subscription PayFast holds (its token), so it can be cancelled. */
    addSubscription(token: string) {
      subscriptions.set(token, 'active');
    },
    subscriptionState: (token: string) => subscriptions.get(token),
    /** The amount in cents the last update gave a subscription. */
    subscriptionAmount: (token: string) => amounts.get(token),
    /** A tokenised card PayFast keeps for ad hoc charges, which takes or declines them. */
    addSavedCard(token: string, card: 'accepts' | 'declines' = 'accepts') {
      cards.set(token, card);
    },
    fail(...next: ApiFault[]) {
      faults.push(...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
