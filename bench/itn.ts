import { count, eq } from 'drizzle-orm';
import { payfastItns } from '../src/db/schema/index.ts';
import { startBench } from './lib/bench-app.ts';

/**
 * `POST /api/payments/payfast/notify`: how fast PayFast gets its 200. The ITN is stored and
 * answered; the checks run afterwards in the worker, which this run keeps busy too (each ITN
 * names an unknown payment, so it is refused without touching an order). Beside a bare route.
 * Usage: npm run bench:itn [-- seconds]
 */
const bench = await startBench();
const body = new URLSearchParams({
  m_payment_id: 'PAY-BENCH000',
  pf_payment_id: '1089250',
  payment_status: 'COMPLETE',
  item_name: 'Order SO-BENCH0',
  amount_gross: '4999.00',
  amount_fee: '-162.27',
  amount_net: '4836.73',
  merchant_id: '10000100',
  signature: '0123456789abcdef0123456789abcdef',
}).toString();
await bench.measureBare();
await bench.measure(
  'POST /api/payments/payfast/notify',
  `${bench.base}/api/payments/payfast/notify`,
  { 'content-type': 'application/x-www-form-urlencoded' },
  { method: 'POST', body },
);
await bench.app.jobs.drain();
const [checked] = await bench.app.database.db
  .select({ refused: count() })
  .from(payfastItns)
  .where(eq(payfastItns.accepted, false));
console.log(`ITNs stored, answered, then checked (all refused): ${checked!.refused}`);
await bench.close();
