import { formatDateTime } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePaymentDebug } from '../api/get-payment-debug.ts';

/** /payment/debug: what was sent to PayFast for your last payment, and what came back. */
export function PaymentDebugPage() {
  const debug = usePaymentDebug();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Payment diagnostics</h1>
      <p className="mt-1 text-muted">Your own last payment only. The passphrase is never shown.</p>
      <div className="mt-6 grid gap-6">
        {debug.isPending ? (
          <Spinner label="Loading your last payment" />
        ) : debug.isError ? (
          <p role="alert">{debug.error.message}</p>
        ) : (
          <>
            <Card>
              <h2 className="font-bold text-ink">
                <span className="font-mono">{debug.data.reference}</span> · {debug.data.status} ·{' '}
                {formatZAR(randToCents(debug.data.amount))}
              </h2>
              <h3 className="mt-4 text-sm font-semibold text-ink">Fields sent to PayFast</h3>
              <dl className="mt-2 grid grid-cols-[10rem_1fr] gap-1 font-mono text-xs">
                {debug.data.fields.map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-muted">{name}</dt>
                    <dd className="break-all">{value}</dd>
                  </div>
                ))}
              </dl>
              <h3 className="mt-4 text-sm font-semibold text-ink">Signed string</h3>
              <p className="mt-1 font-mono text-xs break-all">{debug.data.signatureString}</p>
            </Card>
            <Card>
              <h2 className="font-bold text-ink">Notifications (ITN) received</h2>
              {debug.data.itns.length === 0 ? (
                <p className="mt-2 text-sm text-muted">None yet.</p>
              ) : (
                <ul className="mt-2 grid gap-2 text-sm">
                  {debug.data.itns.map((itn, index) => (
                    <li key={index}>
                      {formatDateTime(itn.receivedAt, { seconds: true })} ·{' '}
                      {itn.status ?? 'no status'} ·{' '}
                      <strong
                        className={
                          itn.accepted === null
                            ? 'text-amber-900'
                            : itn.accepted
                              ? 'text-green-800'
                              : 'text-red-700'
                        }
                      >
                        {itn.accepted === null
                          ? 'being checked'
                          : itn.accepted
                            ? 'accepted'
                            : 'refused'}
                      </strong>
                      : {itn.reason}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </div>
    </>
  );
}
