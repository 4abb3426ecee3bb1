import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatDateTime } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import {
  paymentStatusLabels,
  refundRequestSchema,
  refundStatusLabels,
  type AdminPayment,
  type Refund,
  type RefundRequest,
  type RefundRouteName,
  type RefundTermsView,
} from '#shared/payment-ledger.schemas.ts';
import { creditNotePdfPath } from '#shared/routes.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { cn } from '../../../lib/cn.ts';
import { useRefundTerms } from '../api/get-refund-terms.ts';
import { useRefundPayment } from '../api/refund-payment.ts';

const rand = (amount: number) => formatZAR(randToCents(amount));
type RefundDestination = NonNullable<RefundRequest['destination']>;
const overpaymentReason = 'Overpayment: the order was already paid';

const refundToast = {
  success: (refund: Refund) =>
    toast(
      refund.destination === 'credit'
        ? {
            title: 'Refunded to account credit',
            description: `${rand(refund.amount)} is kept as the customer’s account credit.`,
            variant: 'success',
          }
        : {
            title: 'Refund requested',
            description: `${rand(refund.amount)} is being refunded through PayFast.`,
            variant: 'success',
          },
    ),
  failure: (error: Error) =>
    toast({ title: 'Refund not made', description: error.message, variant: 'destructive' }),
};

const destinations: [RefundDestination, string][] = [
  ['method', 'Back the way it was paid'],
  ['credit', 'Keep as the customer’s account credit'],
];

/** The ways of paying, as the order book names them (the payment's `method`). */
const methodLabels: Record<string, string> = {
  payfast: 'Card (PayFast)',
  eft: 'Bank transfer (EFT)',
};

/** Bank transfers cannot be sent back through the site: they are refunded to credit only. */
const sendsMoneyBack = (payment: AdminPayment) => payment.method !== 'eft';

/** Where a refund goes: back through the payment's method, or into the customer's credit. */
function DestinationChoice({
  id,
  form,
  creditOnly,
}: {
  id: string;
  form: UseFormReturn<RefundRequest>;
  creditOnly: boolean;
}) {
  return (
    <fieldset
      className="grid gap-1.5"
      aria-describedby={creditOnly ? `${id}-credit-only` : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-ink">Where the money goes</legend>
      {destinations.map(([value, label]) => (
        <label
          key={value}
          className={cn(
            'flex items-start gap-2 text-sm',
            creditOnly && value === 'method' && 'text-muted',
          )}
        >
          <input
            type="radio"
            id={`${id}-destination-${value}`}
            value={value}
            disabled={creditOnly && value === 'method'}
            className="mt-0.5 size-4 accent-brand-700"
            {...form.register('destination')}
          />
          {label}
        </label>
      ))}
      {creditOnly && (
        <p id={`${id}-credit-only`} className="text-sm text-muted">
          A bank transfer cannot be sent back through the site. To pay it back from the bank, keep
          it as credit first, then take the credit off on the Bank transfers page.
        </p>
      )}
    </fieldset>
  );
}

/** How PayFast pays back `amount` rand: a refund of the whole payment is its full refund. */
const routeFor = (terms: RefundTermsView, amount: number): RefundRouteName =>
  randToCents(amount) === randToCents(terms.original) ? terms.full : terms.partial;

/**
 * The buyer's bank account, for a refund PayFast pays into a bank rather than back to the card
 * (PayFast's refund query says so); the banks are PayFast's own list.
 */
function BankAccountFields({
  id,
  banks,
  form,
}: {
  id: string;
  banks: RefundTermsView['banks'];
  form: UseFormReturn<RefundRequest>;
}) {
  const errors = form.formState.errors.bankAccount;
  const select = (name: 'bank' | 'accountType', label: string, options: [string, string][]) => {
    const fieldId = `${id}-${name}`;
    const error = errors?.[name]?.message;
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId}>{label}</Label>
        <Select
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...form.register(`bankAccount.${name}`)}
        >
          <option value="">Choose…</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
        <FieldError id={`${fieldId}-error`} message={error} />
      </div>
    );
  };
  return (
    <fieldset className="grid gap-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-bold text-ink">Buyer’s bank account</legend>
      <p className="text-sm text-muted">
        PayFast pays this refund into the buyer’s bank account, not back to the card. Ask the buyer
        for these details.
      </p>
      <FormField
        id={`${id}-holder`}
        label="Account holder"
        autoComplete="off"
        maxLength={255}
        error={errors?.holder?.message}
        {...form.register('bankAccount.holder')}
      />
      {banks.length > 0 ? (
        select(
          'bank',
          'Bank',
          banks.map((bank) => [bank.code, bank.label]),
        )
      ) : (
        <FormField
          id={`${id}-bank`}
          label="Bank"
          autoComplete="off"
          error={errors?.bank?.message}
          {...form.register('bankAccount.bank')}
        />
      )}
      <FormField
        id={`${id}-branchCode`}
        label="Branch code"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors?.branchCode?.message}
        {...form.register('bankAccount.branchCode')}
      />
      <FormField
        id={`${id}-accountNumber`}
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        error={errors?.accountNumber?.message}
        {...form.register('bankAccount.accountNumber')}
      />
      {select('accountType', 'Account type', [
        ['current', 'Current (cheque)'],
        ['savings', 'Savings'],
      ])}
    </fieldset>
  );
}

/**
 * A part or all of what is left, with the reason the credit note states. PayFast is asked first
 * how the refund reaches the buyer: when it pays into their bank account, the form asks for it.
 */
function RefundForm({
  payment,
  reason = '',
  onDone,
}: {
  payment: AdminPayment;
  reason?: string;
  onDone?: (() => void) | undefined;
}) {
  const refund = useRefundPayment();
  const creditOnly = !sendsMoneyBack(payment);
  // Only a method that sends money back is asked how it would.
  const terms = useRefundTerms(payment.reference, { enabled: !creditOnly });
  const form = useForm<RefundRequest>({
    resolver: zodResolver(refundRequestSchema),
    defaultValues: {
      amount: payment.refundable,
      reason,
      destination: creditOnly ? 'credit' : 'method',
    },
    // Bank fields that are not shown are not sent.
    shouldUnregister: true,
  });
  const { errors } = form.formState;
  const id = `refund-${payment.reference}`;
  const amount = Number(useWatch({ control: form.control, name: 'amount' }));
  const toCredit = useWatch({ control: form.control, name: 'destination' }) === 'credit';
  // A refund kept as credit never reaches the method: it asks no bank account and has no limits.
  const route =
    terms.data && !toCredit && Number.isFinite(amount) ? routeFor(terms.data, amount) : null;
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
              refundToast.success(made);
              form.reset({
                amount: payment.refundable - made.amount,
                reason,
                destination: made.destination,
              });
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
      {/* An overpayment is the customer's credit already: it can only go back. */}
      {!payment.overpayment && <DestinationChoice id={id} form={form} creditOnly={creditOnly} />}
      {route === 'bank-account' && (
        <BankAccountFields id={id} banks={terms.data?.banks ?? []} form={form} />
      )}
      {route === 'none' && (
        <p className="text-sm text-red-700">
          This payment cannot be refunded that way now
          {terms.data?.notes.length ? `: ${terms.data.notes.join(' ')}` : '.'}
          {!payment.overpayment && ' You can keep it as the customer’s account credit instead.'}
        </p>
      )}
      {terms.isError && !toCredit && (
        <p className="text-sm text-muted">
          PayFast could not be asked how this refund is paid out ({terms.error.message}). It is
          asked again when the refund is made.
        </p>
      )}
      <Button type="submit" variant="outline" className="w-fit" disabled={refund.isPending}>
        Refund
      </Button>
    </form>
  );
}

/**
 * An overpayment goes back whole, in one action — or through the form when PayFast pays it into
 * the buyer's bank account, whose details it needs.
 */
function RefundOverpayment({
  payment,
  onDone,
}: {
  payment: AdminPayment;
  onDone?: (() => void) | undefined;
}) {
  const refund = useRefundPayment();
  const terms = useRefundTerms(payment.reference);
  if (terms.data && routeFor(terms.data, payment.refundable) === 'bank-account') {
    return <RefundForm payment={payment} reason={overpaymentReason} onDone={onDone} />;
  }
  return (
    <Button
      className="w-fit"
      disabled={refund.isPending || terms.isPending}
      onClick={() =>
        refund.mutate(
          {
            payment: payment.reference,
            request: { amount: payment.refundable, reason: overpaymentReason },
          },
          {
            onSuccess: (made) => {
              refundToast.success(made);
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

/**
 * An order's payments in the order book (card, bank transfer), each with its refunds and the way
 * to refund: back the way it was paid, or kept as the customer's account credit.
 */
export function OrderPayments({
  payments,
  onChanged,
}: {
  payments: AdminPayment[];
  onChanged?: () => void;
}) {
  // Refunds are for owners (the API says so too); staff see the payments only.
  const mayRefund = useAdminStatus().admin?.role === 'owner';
  if (payments.length === 0) {
    return <p className="text-sm text-muted">No payment has arrived for this order yet.</p>;
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
              <span className="text-muted">{methodLabels[payment.method] ?? payment.method}</span>
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
            ) : !mayRefund ? null : payment.refundable > 0 && payment.overpayment ? (
              sendsMoneyBack(payment) ? (
                <RefundOverpayment payment={payment} onDone={onChanged} />
              ) : (
                <p className="text-sm text-muted">
                  Kept as the customer’s account credit: a bank transfer cannot be sent back through
                  the site.
                </p>
              )
            ) : payment.refundable > 0 ? (
              <RefundForm payment={payment} onDone={onChanged} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
