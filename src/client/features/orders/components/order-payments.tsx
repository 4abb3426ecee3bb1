import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import {
  paymentStatusLabels,
  refundRequestSchema,
  refundStatusLabels,
  type AdminPayment,
  type RefundRequest,
} from '#shared/payment-ledger.schemas.ts';
import { creditNotePdfPath } from '#shared/routes.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useRefundPayment } from '../api/refund-payment.ts';

const rand = (amount: number) => formatZAR(randToCents(amount));
const overpaymentReason = 'Overpayment: the order was already paid';

const refundToast = {
  success: (amount: number) =>
    toast({
      title: 'Refund requested',
      description: `${rand(amount)} is being refunded through PayFast.`,
      variant: 'success',
    }),
  failure: (error: Error) =>
    toast({ title: 'Refund not made', description: error.message, variant: 'destructive' }),
};

/** A part or all of what is left, with the reason the credit note states. */
function RefundForm({ payment, onDone }: { payment: AdminPayment; onDone?: () => void }) {
  const refund = useRefundPayment();
  const form = useForm<RefundRequest>({
    resolver: zodResolver(refundRequestSchema),
    defaultValues: { amount: payment.refundable, reason: '' },
  });
  const { errors } = form.formState;
  const id = `refund-${payment.reference}`;
  return (
    <form
      noValidate
      aria-label={`Refund payment ${payment.reference}`}
      className="grid gap-3"
      onSubmit={form.handleSubmit((request) =>
        refund.mutate(
          { payment: payment.reference, request },
          {
            onSuccess: (made) => {
              refundToast.success(made.amount);
              form.reset({ amount: payment.refundable - made.amount, reason: '' });
              onDone?.();
            },
            onError: refundToast.failure,
          },
        ),
      )}
    >
      <FormField
        id={`${id}-amount`}
        label="Amount (R)"
        inputMode="decimal"
        hint={`At most ${rand(payment.refundable)}`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <FormField
        id={`${id}-reason`}
        label="Reason (on the credit note)"
        maxLength={255}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Button type="submit" variant="outline" className="w-fit" disabled={refund.isPending}>
        Refund
      </Button>
    </form>
  );
}

/** An overpayment goes back whole, in one action. */
function RefundOverpayment({ payment, onDone }: { payment: AdminPayment; onDone?: () => void }) {
  const refund = useRefundPayment();
  return (
    <Button
      className="w-fit"
      disabled={refund.isPending}
      onClick={() =>
        refund.mutate(
          {
            payment: payment.reference,
            request: { amount: payment.refundable, reason: overpaymentReason },
          },
          {
            onSuccess: (made) => {
              refundToast.success(made.amount);
              onDone?.();
            },
            onError: refundToast.failure,
          },
        )
      }
    >
      Refund overpayment of {rand(payment.refundable)}
    </Button>
  );
}

/** An order's card payments in the order book, each with its refunds and the way to refund. */
export function OrderPayments({
  payments,
  onChanged,
}: {
  payments: AdminPayment[];
  onChanged?: () => void;
}) {
  if (payments.length === 0) {
    return (
      <p className="text-sm text-muted">No card payment has reached PayFast for this order.</p>
    );
  }
  return (
    <ul className="grid gap-3">
      {payments.map((payment) => {
        const inFlight = payment.refunds.some((r) => r.status === 'pending');
        return (
          <li key={payment.reference} className="grid gap-2 rounded-lg border border-line p-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-mono">{payment.reference}</span>
              <span className="tabular-nums">{rand(payment.amount)}</span>
              <StatusBadge status={payment.status}>
                {paymentStatusLabels[payment.status]}
              </StatusBadge>
              {payment.overpayment && (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  Overpayment
                </span>
              )}
              {payment.paidAt && (
                <span className="text-muted">{formatDateTime(payment.paidAt)}</span>
              )}
            </div>
            {payment.refunds.length > 0 && (
              <ul className="grid gap-1 text-sm">
                {payment.refunds.map((refund) => (
                  <li key={refund.reference} className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={refund.status === 'completed' ? 'paid' : refund.status}>
                      {refundStatusLabels[refund.status]}
                    </StatusBadge>
                    <span className="tabular-nums">{rand(refund.amount)}</span>
                    <span className="text-muted [overflow-wrap:anywhere]">{refund.reason}</span>
                    {refund.creditNote && (
                      <PdfLink
                        href={creditNotePdfPath(refund.creditNote)}
                        label={`${refund.creditNote} (PDF)`}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
            {inFlight ? (
              <p className="text-sm text-muted">
                A refund is being made through PayFast; refund again once it is done.
              </p>
            ) : payment.refundable > 0 && payment.overpayment ? (
              <RefundOverpayment payment={payment} onDone={onChanged} />
            ) : payment.refundable > 0 ? (
              <RefundForm payment={payment} onDone={onChanged} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
