import { useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paymentStatusLabels, refundStatusLabels } from '#shared/payment-ledger.schemas.ts';
import { creditNotePdfPath, invoicePdfPath } from '#shared/routes.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePayment } from '../api/get-payment.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { vat } from '../../../lib/site.ts';

/** /payment/details/{reference}: one of the customer's own payments. */
export function PaymentDetailsPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const payment = usePayment(reference);
  return (
    <>
      <h1 className="text-3xl font-extrabold break-all text-ink">Payment {reference}</h1>
      <div className="mt-6">
        {payment.isPending ? (
          <Spinner label="Loading the payment" />
        ) : payment.isError ? (
          <p role="alert">{payment.error.message}</p>
        ) : (
          <Card className="grid max-w-2xl gap-4">
            <dl className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
              <dt className="text-muted">Status</dt>
              <dd>
                <StatusBadge status={payment.data.status}>
                  {paymentStatusLabels[payment.data.status]}
                </StatusBadge>
              </dd>
              <dt className="text-muted">{payment.data.recurring ? 'First charge' : 'Amount'}</dt>
              <dd className="font-semibold">{formatZAR(randToCents(payment.data.amount))}</dd>
              {payment.data.recurring && (
                <>
                  <dt className="text-muted">Then</dt>
                  <dd>
                    <span className="font-semibold">
                      {formatZAR(randToCents(payment.data.recurring.amount))} per month
                    </span>
                    , from {formatDate(payment.data.recurring.firstBillingDate)}
                  </dd>
                </>
              )}
              <dt className="text-muted">Method</dt>
              <dd>{payment.data.method}</dd>
              <dt className="text-muted">Order</dt>
              <dd className="font-mono">{payment.data.order.reference}</dd>
              <dt className="text-muted">Started</dt>
              <dd>{formatDate(payment.data.createdAt)}</dd>
              {payment.data.paidAt && (
                <>
                  <dt className="text-muted">Paid</dt>
                  <dd>{formatDate(payment.data.paidAt)}</dd>
                </>
              )}
              {payment.data.externalId && (
                <>
                  <dt className="text-muted">Provider’s id</dt>
                  <dd className="font-mono">{payment.data.externalId}</dd>
                </>
              )}
            </dl>
            {payment.data.overpayment && (
              <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                This payment arrived after order {payment.data.order.reference} was already paid.
                Nothing more is owed: it is refunded in full to the card it came from.
              </p>
            )}
            {payment.data.order.invoice && (
              <Button asChild variant="outline" className="w-fit">
                <a href={invoicePdfPath(payment.data.order.reference)} download>
                  <FileDown aria-hidden="true" />
                  Download invoice (PDF)
                </a>
              </Button>
            )}
            {payment.data.refunds.length > 0 && (
              <div>
                <h2 className="font-bold text-ink">Refunds</h2>
                <ul className="mt-2 divide-y divide-line text-sm">
                  {payment.data.refunds.map((refund) => (
                    <li key={refund.reference} className="grid gap-1 py-2">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <StatusBadge
                          status={refund.status === 'completed' ? 'paid' : refund.status}
                        >
                          {refundStatusLabels[refund.status]}
                        </StatusBadge>
                        <span className="font-semibold tabular-nums">
                          {formatZAR(randToCents(refund.amount))}
                        </span>
                      </div>
                      <p className="text-muted [overflow-wrap:anywhere]">
                        {formatDate(refund.completedAt ?? refund.createdAt)} · {refund.reason}
                      </p>
                      {refund.creditNote && (
                        <PdfLink
                          href={creditNotePdfPath(refund.creditNote)}
                          label={`Credit note ${refund.creditNote} (PDF)`}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div>
              <h2 className="font-bold text-ink">Items</h2>
              <ul className="mt-2 divide-y divide-line text-sm">
                {payment.data.items.map((item, index) => (
                  <li key={index} className="flex justify-between gap-3 py-2">
                    <span>
                      {item.quantity > 1 ? `${item.quantity} × ` : ''}
                      {item.title}
                    </span>
                    <span className="text-right tabular-nums">
                      {formatZAR(randToCents(item.total))}
                      {item.monthly !== null && item.monthly === item.total && ' per month'}
                      {item.monthly !== null && item.monthly !== item.total && (
                        <span className="block text-muted">
                          then {formatZAR(randToCents(item.monthly))} per month
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
              {vat.vatIn(randToCents(payment.data.amount)) && (
                <p className="mt-2 text-sm text-muted">
                  {vat.vatIn(randToCents(payment.data.amount))}
                </p>
              )}
            </div>
          </Card>
        )}
      </div>
    </>
  );
}
