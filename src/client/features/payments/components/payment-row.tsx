import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paymentDetailsPath } from '#shared/routes.ts';
import { paymentStatusLabels } from '#shared/payment-ledger.schemas.ts';
import type { PaymentSummary } from '#shared/payments.schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { invoicePdfPath } from '#shared/routes.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** One card payment in a list: reference (to its details), order, date, status and amount. */
export function PaymentRow({
  payment,
  showInvoice = false,
  className,
}: {
  payment: PaymentSummary;
  showInvoice?: boolean;
  className?: string;
}) {
  return (
    <li className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <div>
        <Link
          href={paymentDetailsPath(payment.reference)}
          className="font-mono font-semibold text-brand-700 hover:underline"
        >
          {payment.reference}
        </Link>
        <p className="text-sm text-muted">
          Order {payment.order.reference} · {formatDate(payment.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {showInvoice && payment.order.invoice && (
          <PdfLink
            href={invoicePdfPath(payment.order.reference)}
            label={`${payment.order.invoice} (PDF)`}
          />
        )}
        <StatusBadge status={payment.status}>{paymentStatusLabels[payment.status]}</StatusBadge>
        <span className="font-semibold tabular-nums">{formatZAR(randToCents(payment.amount))}</span>
      </div>
    </li>
  );
}
