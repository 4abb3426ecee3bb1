import { useState } from 'react';
import { Link } from 'wouter';
import { formatZAR } from '#shared/money.ts';
import { orderPath, paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { postToPayfast, usePayfastStart } from '../../../lib/payfast.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { startPayLinkPayment, usePayLink } from '../api/pay-link.ts';

/**
 * /pay?token=…: the link in a reminder, final notice or suspension mail. It pays that one order
 * by card without signing in; signing in shows the order with every way to pay.
 */
export function PayLinkPage() {
  const [token] = useState(tokenFromUrl);
  const link = usePayLink(token);
  const payment = usePayfastStart();
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10">
      {!token || link.isError ? (
        <div role="alert" className="grid gap-2">
          <h1 className="text-3xl font-extrabold text-ink">This link does not open a payment</h1>
          <p className="text-muted">
            It may have expired, or been replaced by a newer mail.{' '}
            <Link href={paths.userDashboard} className="font-semibold text-brand-700 underline">
              Sign in to see your orders
            </Link>{' '}
            and pay from there.
          </p>
        </div>
      ) : link.isPending ? (
        <Spinner label="Loading your payment" />
      ) : (
        <>
          <h1 className="text-3xl font-extrabold text-ink">
            {link.data.status === 'payable' ? 'Pay your order' : 'Nothing to pay'}
          </h1>
          <div className="grid gap-2 rounded-2xl border border-line bg-white p-4 sm:p-6">
            <p className="text-sm text-muted">Order {link.data.orderReference}</p>
            <ul className="grid gap-1 text-ink">
              {link.data.items.map((item) => (
                <li key={item} className="[overflow-wrap:anywhere]">
                  {item}
                </li>
              ))}
            </ul>
            {link.data.status === 'payable' ? (
              <>
                <p className="text-2xl font-extrabold text-ink tabular-nums">
                  {formatZAR(link.data.dueCents)}
                </p>
                <div>
                  <Button
                    disabled={payment.busy}
                    onClick={() =>
                      payment.start(async () => postToPayfast(await startPayLinkPayment(token)))
                    }
                  >
                    {payment.busy
                      ? 'Opening PayFast…'
                      : `Pay ${formatZAR(link.data.dueCents)} by card`}
                  </Button>
                </div>
                {payment.error && (
                  <p role="alert" className="text-sm text-red-800">
                    {payment.error}
                  </p>
                )}
              </>
            ) : (
              <p role="status" className="text-muted">
                {link.data.status === 'paid'
                  ? 'This order is paid. Thank you!'
                  : 'This order was cancelled unpaid.'}
              </p>
            )}
          </div>
          <p className="text-sm text-muted">
            Rather pay by bank transfer or with your account credit?{' '}
            <Link
              href={orderPath(link.data.orderReference)}
              className="font-semibold text-brand-700 underline"
            >
              Sign in and open the order
            </Link>
            .
          </p>
        </>
      )}
    </div>
  );
}
