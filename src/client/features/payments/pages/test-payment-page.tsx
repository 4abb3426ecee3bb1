import { FlaskConical } from 'lucide-react';
import { formatZAR, randToCents } from '#shared/money.ts';
import type { TestPayment } from '#shared/payments.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { postToPayfast, usePayfastStart } from '../../../lib/payfast.ts';
import { useTestPayment } from '../api/get-test-payment.ts';
import { startTestPayment } from '../api/start-test-payment.ts';

const where: Record<TestPayment['mode'], string> = {
  simulator: 'the built-in PayFast simulator',
  sandbox: 'the PayFast sandbox',
  live: 'PayFast',
};

/** /payment/test: a R5.00 payment end to end (sandbox or simulator only) to prove the set-up. */
export function TestPaymentPage() {
  const info = useTestPayment();
  const { busy, start } = usePayfastStart();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Test payment</h1>
      <p className="mt-1 text-muted">
        Checks the whole card-payment path: the signed form, PayFast, the confirmation (ITN) and
        your invoice.
      </p>
      <Card className="mt-6 max-w-xl">
        {info.isPending ? (
          <Spinner label="Checking the payment set-up" />
        ) : info.isError ? (
          <p role="alert">We could not check the payment set-up: {info.error.message}</p>
        ) : !info.data.available ? (
          <p>
            Test payments are switched off on the live site, where every payment is real. Use a
            sandbox or simulator installation to try the payment path.
          </p>
        ) : (
          <div className="grid gap-4">
            <p>
              Pay {formatZAR(randToCents(info.data.amount))} through {where[info.data.mode]}. No
              real money moves and no service is supplied; the payment, its order and its invoice
              appear in your dashboard like any other.
            </p>
            <div>
              <Button
                disabled={busy}
                onClick={() => start(async () => postToPayfast(await startTestPayment()))}
              >
                <FlaskConical aria-hidden="true" />
                {busy
                  ? 'Sending you to PayFast…'
                  : `Pay ${formatZAR(randToCents(info.data.amount))} test payment`}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
