import { formatRand, randToDecimalString } from '#shared/money.ts';
import type { BankTransfer } from '#shared/bank-transfers.schemas.ts';
import { CopyButton } from '../../../components/copy-button.tsx';

const accountTypes: Record<BankTransfer['accountType'], string> = {
  current: 'Current (cheque)',
  savings: 'Savings',
};

/** One line of the details: what it is, the value as the bank wants it, and a copy button. */
function Detail({
  term,
  value,
  copy,
  strong,
}: {
  term: string;
  value: string;
  copy?: string;
  strong?: boolean;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 py-2.5 sm:grid-cols-[11rem_minmax(0,1fr)_auto]">
      <dt className="text-sm text-muted max-sm:col-span-2">{term}</dt>
      <dd
        className={
          strong
            ? 'text-lg font-bold [overflow-wrap:anywhere] text-ink tabular-nums'
            : 'font-semibold [overflow-wrap:anywhere] text-ink'
        }
      >
        {value}
      </dd>
      <dd>{copy !== undefined && <CopyButton value={copy} what={term} />}</dd>
    </div>
  );
}

/**
 * Where to pay and with which reference, each value with a copy button for the banking app: the
 * amount copies as digits with a decimal point ("3499.00"), as banking apps take it.
 */
export function BankDetails({ transfer }: { transfer: BankTransfer }) {
  return (
    <dl className="divide-y divide-line">
      <Detail
        term="Amount to pay"
        value={formatRand(transfer.amount)}
        copy={randToDecimalString(transfer.amount)}
        strong
      />
      <Detail term="Bank" value={transfer.bankName} copy={transfer.bankName} />
      <Detail term="Account holder" value={transfer.accountHolder} copy={transfer.accountHolder} />
      <Detail term="Account number" value={transfer.accountNumber} copy={transfer.accountNumber} />
      <Detail term="Branch code" value={transfer.branchCode} copy={transfer.branchCode} />
      <Detail term="Account type" value={accountTypes[transfer.accountType]} />
      <Detail
        term="Payment reference"
        value={transfer.orderReference}
        copy={transfer.orderReference}
        strong
      />
    </dl>
  );
}
