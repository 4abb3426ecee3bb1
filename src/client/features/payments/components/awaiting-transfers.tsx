import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import type { AwaitingBankTransfer } from '#shared/bank-transfers.schemas.ts';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { FileLinks } from '../../../components/file-upload.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAwaitingBankTransfers } from '../api/get-awaiting-bank-transfers.ts';
import { proofOfPaymentUrl } from '../api/upload-proof-of-payment.ts';

const overdue = (payBy: string) => new Date(payBy).getTime() < Date.now();

/**
 * The orders waiting for a bank transfer, oldest first, with what arrived, what is due, the day
 * each is kept until and the customer's proofs; "Record money" fills in the form below.
 */
export function AwaitingTransfers({
  onRecord,
}: {
  onRecord: (transfer: AwaitingBankTransfer) => void;
}) {
  const awaiting = useAwaitingBankTransfers();
  return (
    <QueryState query={awaiting} label="the orders awaiting a transfer">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="No orders are waiting for a bank transfer">
            Orders a customer chose to pay by EFT appear here until the money arrives.
          </EmptyState>
        ) : (
          <DataTable
            label="Orders awaiting a bank transfer"
            caption="Orders awaiting a bank transfer, oldest first"
            columns={[
              { label: 'Order' },
              { label: 'Customer' },
              { label: 'Due', align: 'right' },
              { label: 'Pay by' },
              { label: 'Proof of payment' },
              { label: 'Action' },
            ]}
          >
            {rows.map((row) => (
              <tr key={row.orderReference} className="align-top">
                <th scope="row" className={cn(rowHeading, 'font-mono whitespace-nowrap')}>
                  {row.orderReference}
                </th>
                <td className={cn(cell, 'min-w-40')}>
                  <span className="block font-semibold text-ink">{row.customer.name}</span>
                  <span className="block text-muted [overflow-wrap:anywhere]">
                    {row.customer.email}
                  </span>
                </td>
                <td className={cn(numberCell, 'whitespace-nowrap')}>
                  <span className="block font-semibold text-ink">{formatRand(row.due)}</span>
                  <span className="block text-xs text-muted">of {formatRand(row.total)}</span>
                  {row.received > 0 && (
                    <span className="block text-xs text-muted">
                      {formatRand(row.received)} received
                    </span>
                  )}
                </td>
                <td className={cn(cell, 'whitespace-nowrap')}>
                  {formatDate(row.payBy)}
                  {overdue(row.payBy) && (
                    <span className="block text-xs font-semibold text-red-700">Overdue</span>
                  )}
                </td>
                <td className={cn(cell, 'min-w-40')}>
                  {row.proofs.length === 0 ? (
                    <span className="text-muted">None sent</span>
                  ) : (
                    <FileLinks
                      label={`Proofs of payment for ${row.orderReference}`}
                      files={row.proofs}
                      hrefOf={(file) => proofOfPaymentUrl(row.orderReference, file.id)}
                    />
                  )}
                </td>
                <td className={cell}>
                  {/* Named in full by aria-label: an sr-only span would escape the scroll box. */}
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Record money for ${row.orderReference}`}
                    onClick={() => onRecord(row)}
                  >
                    Record money
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      }
    </QueryState>
  );
}
