import { Link, useParams } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import type { BankTransfer } from '#shared/bank-transfers.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { orderStatusLabels } from '#shared/orders.schemas.ts';
import { paths, proFormaPdfPath } from '#shared/routes.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { vat } from '../../../lib/site.ts';
import { useStartBankTransfer } from '../../../lib/api/start-bank-transfer.ts';
import { bankTransferQueryOptions, useBankTransfer } from '../api/get-bank-transfer.ts';
import { BankDetails } from '../components/bank-details.tsx';
import { ProofOfPayment } from '../components/proof-of-payment.tsx';

const paidStatuses = new Set(['paid', 'in_progress', 'completed']);

function TestBanner() {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong>Test bank details:</strong> this site takes test payments only. Do not send real
        money to this account; an owner records a test transfer in the back office instead.
      </span>
    </p>
  );
}

/** The order's money: its total, what arrived (part payments and credit), what is still due. */
function Summary({ transfer }: { transfer: BankTransfer }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">Order total</dt>
      <dd className="text-right tabular-nums">{formatRand(transfer.total)}</dd>
      <dt className="text-muted">Received so far</dt>
      <dd className="text-right tabular-nums">{formatRand(transfer.received)}</dd>
      <dt className="font-semibold text-ink">Still due</dt>
      <dd className="text-right font-semibold tabular-nums">{formatRand(transfer.amount)}</dd>
    </dl>
  );
}

/** What became of an order no longer awaiting a transfer: paid, or closed unpaid. */
function Settled({ transfer }: { transfer: BankTransfer }) {
  const paid = paidStatuses.has(transfer.orderStatus);
  const status = orderStatusLabels[transfer.orderStatus].toLowerCase();
  const kept =
    transfer.received > 0
      ? ` What arrived for it (${formatRand(transfer.received)}) is kept as your account credit, for your next order.`
      : '';
  return (
    <Card className="grid max-w-2xl justify-items-start gap-3" role="status">
      {paid ? (
        <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
      ) : (
        <Clock className="size-8 text-muted" aria-hidden="true" />
      )}
      <h2 className="text-xl font-bold text-ink">
        Order {transfer.orderReference} is {paid ? 'paid' : status}
      </h2>
      <p className="text-muted">
        {paid
          ? `We received ${formatRand(transfer.received)}. Thank you! Your ${vat.invoiceNoun} is in your dashboard and on its way by e-mail.`
          : transfer.orderStatus === 'cancelled'
            ? `It was cancelled before it was paid in full.${kept}`
            : 'It is no longer waiting for a bank transfer.'}
      </p>
      <Button asChild>
        <Link href={paths.userDashboard}>Go to my dashboard</Link>
      </Button>
    </Card>
  );
}

/** Awaiting the money: the bank details, the day it is kept until, the pro-forma and the proof. */
function Awaiting({ transfer }: { transfer: BankTransfer }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <Card className="grid gap-3">
        <h2 className="text-lg font-bold text-ink">Our bank details</h2>
        <p className="text-sm text-muted">
          Pay {formatRand(transfer.amount)} from your banking app or at a branch. Use{' '}
          <strong className="whitespace-nowrap text-ink">{transfer.orderReference}</strong> as the
          reference, exactly as shown, so we can match your payment to your order.
        </p>
        <BankDetails transfer={transfer} />
      </Card>
      <div className="grid gap-6">
        <Card padding="snug" className="grid gap-3">
          <p className="text-sm text-muted">
            Pay by <strong className="text-ink">{formatDate(transfer.payBy)}</strong>. We keep your
            order until then; a transfer between banks can take up to two working days.
          </p>
          <Summary transfer={transfer} />
          <PdfLink
            href={proFormaPdfPath(transfer.orderReference)}
            label="Pro-forma invoice (PDF)"
          />
        </Card>
        <Card padding="snug" className="grid gap-3">
          <h2 className="text-lg font-bold text-ink">Proof of payment</h2>
          <ProofOfPayment transfer={transfer} />
        </Card>
      </div>
    </div>
  );
}

/** An order not yet set up for a bank transfer (it was started by card): set it up here. */
function NotStarted({ reference, message }: { reference: string; message: string }) {
  const queryClient = useQueryClient();
  const start = useStartBankTransfer({
    onSuccess: (transfer) =>
      queryClient.setQueryData(bankTransferQueryOptions(reference).queryKey, transfer),
  });
  return (
    <Card className="grid max-w-2xl justify-items-start gap-3">
      <p>{message}.</p>
      <p className="text-sm text-muted">
        You can pay it by bank transfer instead: we show you our bank details and e-mail them to you
        with a pro-forma invoice.
      </p>
      <Button disabled={start.isPending} onClick={() => start.mutate(reference)}>
        {start.isPending ? 'Getting the bank details…' : 'Pay by bank transfer (EFT)'}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {start.error.message}
        </p>
      )}
    </Card>
  );
}

/** /payment/eft/{reference}: how to pay one of the customer's orders by bank transfer. */
export function BankTransferPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const transfer = useBankTransfer(reference, {
    retry: (count, error) => !(error instanceof ApiRequestError) && count < 1,
    // While it is awaited, the page notices the money arriving (recorded by the team).
    refetchInterval: (query) =>
      query.state.data?.orderStatus === 'pending_payment' ? 30_000 : false,
  });
  return (
    <>
      <Link
        href={paths.userDashboard}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold text-ink">Pay by bank transfer</h1>
      <p className="mt-1 text-muted">
        Order <span className="font-mono font-semibold text-ink">{reference}</span>
      </p>
      <div className="mt-6 grid gap-6">
        {transfer.data?.test && <TestBanner />}
        {transfer.isPending ? (
          <Spinner label="Loading the bank details" />
        ) : transfer.isError ? (
          transfer.error instanceof ApiRequestError && transfer.error.status === 409 ? (
            <NotStarted reference={reference} message={transfer.error.message} />
          ) : (
            <p role="alert">We could not load the bank details: {transfer.error.message}</p>
          )
        ) : transfer.data.orderStatus === 'pending_payment' ? (
          <Awaiting transfer={transfer.data} />
        ) : (
          <Settled transfer={transfer.data} />
        )}
      </div>
    </>
  );
}
