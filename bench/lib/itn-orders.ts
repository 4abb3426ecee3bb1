import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { invoices, orders, payments } from '../../src/db/schema/index.ts';
import { completeItn } from '../../tests/helpers/payfast-itn.ts';
import type { ServerProcess } from './server-process.ts';

/** A new customer account; resolves to its session cookie. */
export async function registerCustomer(
  server: ServerProcess,
  customer: { fullName: string; email: string },
): Promise<string> {
  const register = await server.post(
    '/api/register',
    JSON.stringify({ ...customer, password: 'bench customer passphrase' }),
    'application/json',
  );
  if (!register.ok) throw new Error(`registering ${customer.email}: ${register.status}`);
  return register.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * One order (a website package) for the signed-in customer with its PayFast payment started,
 * and the genuine COMPLETE ITN PayFast will send for it.
 */
export async function orderWithItn(
  server: ServerProcess,
  cookie: string,
  pfPaymentId: string,
): Promise<{ reference: string; body: string }> {
  const order = await server
    .post(
      '/api/orders',
      JSON.stringify({ items: [{ type: 'package', packageId: 'website-business' }] }),
      'application/json',
      cookie,
    )
    .then((r) => r.json() as Promise<{ reference: string }>);
  const form = await server
    .post(`/api/orders/${order.reference}/payfast`, '{}', 'application/json', cookie)
    .then((r) => r.json() as Promise<{ reference: string; fields: Record<string, string> }>);
  return { reference: form.reference, body: completeItn(form, pfPaymentId) };
}

/** Posts one ITN as PayFast does; resolves to the HTTP status, 0 when no answer came. */
export const sendItn = (server: ServerProcess, body: string): Promise<number> =>
  server.post('/api/payments/payfast/notify', body, 'application/x-www-form-urlencoded').then(
    (r) => r.status,
    () => 0,
  );

/**
 * Whether every payment (by reference) is paid once: one payment row marked paid, its order
 * paid, one invoice; and whether the invoice numbers form an unbroken series. Returns one line
 * per payment that is not, and the invoice numbers in order.
 */
export async function checkPaidOnce(
  db: Db,
  references: string[],
): Promise<{ problems: string[]; numbers: number[]; unbroken: boolean }> {
  const problems: string[] = [];
  for (const reference of references) {
    const paid = await db.select().from(payments).where(eq(payments.reference, reference));
    const [order] = await db.select().from(orders).where(eq(orders.id, paid[0]!.orderId));
    const billed = await db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    if (
      paid.filter((p) => p.status === 'paid').length !== 1 ||
      order!.status !== 'paid' ||
      billed.length !== 1
    ) {
      problems.push(
        `${reference}: payment ${paid[0]!.status}, order ${order!.status}, invoices ${billed.length}`,
      );
    }
  }
  const numbers = (await db.select({ n: invoices.number }).from(invoices))
    .map((r) => r.n)
    .sort((a, b) => a - b);
  const unbroken = numbers.every((n, i) => n === numbers[0]! + i);
  return { problems, numbers, unbroken };
}
