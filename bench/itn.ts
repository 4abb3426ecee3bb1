import { count, isNull } from 'drizzle-orm';
import { paymentNotifications } from '../src/db/schema/index.ts';
import { startBench } from './lib/bench-app.ts';
import { completeItn } from '../tests/helpers/payfast-itn.ts';
import { startPayfastStandIn } from '../tests/stubs/payfast-stand-in.ts';

/**
 * `POST /api/payments/payfast/notify`: how fast PayFast gets its 200. Each ITN is well formed for
 * a pending payment (signed, our merchant, the exact amount), so it passes the door checks, is
 * stored with its check job and answered; the job runner checks them meanwhile against a local
 * validate endpoint answering VALID (the first pays the order, the rest are duplicates). Past
 * 500 unchecked ITNs the route answers 503, as designed; those count as failed below.
 * Usage: npm run bench:itn [-- seconds]
 */
const validate = await startPayfastStandIn();
process.env.PAYFAST_VALIDATE_URL = validate.validateUrl;
const bench = await startBench();
const cookie = await bench.signUpCustomer();
const order = await bench.app.inject({
  method: 'POST',
  url: '/api/orders',
  payload: { items: [{ type: 'package', packageId: 'website-business' }] },
  headers: { cookie },
});
const form = (
  await bench.app.inject({
    method: 'POST',
    url: `/api/orders/${order.json<{ reference: string }>().reference}/payfast`,
    headers: { cookie },
  })
).json<{ reference: string; fields: Record<string, string> }>();
const body = completeItn(form, '1089250', {
  merchant: {
    id: bench.app.config.payfast.merchantId,
    passphrase: bench.app.config.payfast.passphrase,
  },
});
await bench.measureBare();
await bench.measure(
  'POST /api/payments/payfast/notify',
  `${bench.base}/api/payments/payfast/notify`,
  { 'content-type': 'application/x-www-form-urlencoded' },
  { method: 'POST', body },
);
await bench.app.jobs.drain();
const [stored] = await bench.app.database.db.select({ n: count() }).from(paymentNotifications);
const [unchecked] = await bench.app.database.db
  .select({ n: count() })
  .from(paymentNotifications)
  .where(isNull(paymentNotifications.accepted));
console.log(
  `ITNs stored and answered: ${stored!.n}; still unchecked after the drain: ${unchecked!.n}`,
);
await bench.close();
