import { useState } from 'react';
import { formatZAR, randToCents } from '#shared/money.ts';
import type { Reconciliation } from '#shared/reconciliation.schemas.ts';
import { DataTable, cell, rowHeading } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useReconciliation } from '../api/get-reconciliation.ts';

const rand = (value: number) => formatZAR(randToCents(value));
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });

/** One way of counting the period's money: what it adds, what it takes off, what is left. */
function View({
  title,
  plus,
  minus,
  net,
}: {
  title: string;
  plus: [string, number];
  minus: [string, number];
  net: number;
}) {
  return (
    <Card padding="snug" className="grid gap-2 text-sm">
      <h2 className="font-bold text-ink">{title}</h2>
      <dl className="grid grid-cols-[1fr_auto] gap-1">
        <dt className="text-muted">{plus[0]}</dt>
        <dd className="text-right tabular-nums">{rand(plus[1])}</dd>
        <dt className="text-muted">{minus[0]}</dt>
        <dd className="text-right tabular-nums">− {rand(minus[1])}</dd>
        <dt className="font-semibold text-ink">Net</dt>
        <dd className="text-right font-semibold tabular-nums">{rand(net)}</dd>
      </dl>
    </Card>
  );
}

function Result({ data }: { data: Reconciliation }) {
  return (
    <div className="grid gap-6">
      <p
        role="status"
        className={cn(
          'rounded-xl border px-4 py-3 text-sm font-semibold',
          data.balanced
            ? 'border-green-200 bg-green-50 text-green-900'
            : 'border-red-200 bg-red-50 text-red-900',
        )}
      >
        {data.balanced
          ? 'Balanced to the cent: orders, card payments and invoices agree.'
          : `Does not balance: ${data.breaks.length} ${data.breaks.length === 1 ? 'reference needs' : 'references need'} attention.`}
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        <View
          title="Orders paid"
          plus={['Orders paid', data.paidOrders]}
          minus={['Refunded on them', data.saleRefunds]}
          net={data.netSales}
        />
        <View
          title="Card payments (PayFast)"
          plus={['Received', data.paymentsReceived]}
          minus={['Refunded', data.allRefunds]}
          net={data.netPayments}
        />
        <View
          title="Invoicing"
          plus={['Invoices issued', data.invoices]}
          minus={['Credit notes issued', data.creditNotes]}
          net={data.netInvoiced}
        />
      </div>
      {data.breaks.length > 0 && (
        <DataTable
          label="What keeps the figures apart"
          caption="Each reference that breaks the reconciliation, and why"
          columns={[{ label: 'Reference' }, { label: 'Problem' }]}
        >
          {data.breaks.map((item, index) => (
            <tr key={`${item.reference}-${index}`}>
              <th scope="row" className={cn(rowHeading, 'font-mono')}>
                {item.reference}
              </th>
              <td className={cell}>{item.problem}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/**
 * /admin/reconciliation: for any period, orders paid less refunds = card payments less refunds =
 * invoices less credit notes, to the cent, with every reference that breaks it.
 */
export function ReconciliationPage() {
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const query = useReconciliation(from, to);
  return (
    <div className="grid gap-6">
      <form
        className="grid max-w-md grid-cols-2 gap-3"
        aria-label="Period"
        onSubmit={(event) => event.preventDefault()}
      >
        <FormField
          id="reconcile-from"
          label="From"
          type="date"
          value={from}
          max={to}
          onChange={(event) => setFrom(event.target.value)}
        />
        <FormField
          id="reconcile-to"
          label="To"
          type="date"
          value={to}
          min={from}
          onChange={(event) => setTo(event.target.value)}
        />
      </form>
      <QueryState query={query} label="the reconciliation">
        {(data) => <Result data={data} />}
      </QueryState>
    </div>
  );
}
