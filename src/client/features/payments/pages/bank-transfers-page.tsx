import { useState, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { AwaitingTransfers } from '../components/awaiting-transfers.tsx';
import { CustomerCreditLookup } from '../components/customer-credit-lookup.tsx';
import { RecordTransferForm, type RecordPrefill } from '../components/record-transfer-form.tsx';
import { StatementImport } from '../components/statement-import.tsx';

function Panel({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Card className="grid content-start gap-4">
      <div>
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-muted">{intro}</p>
      </div>
      {children}
    </Card>
  );
}

/**
 * /admin/bank-transfers (owners): the orders waiting for a bank transfer, money received typed in
 * from the bank or imported from a statement, and the customers' account credit.
 */
export function BankTransfersPage() {
  const [prefill, setPrefill] = useState<RecordPrefill & { key: number }>();
  return (
    <div className="grid gap-6">
      <section aria-labelledby="awaiting-heading" className="grid gap-3">
        <h2 id="awaiting-heading" className="text-xl font-bold text-ink">
          Waiting for a transfer
        </h2>
        <AwaitingTransfers
          onRecord={(row) =>
            setPrefill({ orderReference: row.orderReference, amount: row.due, key: Date.now() })
          }
        />
      </section>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel
          title="Record money received"
          intro="Money the bank statement shows for an order. Part payments leave the rest due; money for an order paid already becomes the customer’s credit."
        >
          <RecordTransferForm key={prefill?.key} prefill={prefill} />
        </Panel>
        <Panel
          title="Import a bank statement"
          intro="Payments whose description names one order are recorded for it; the rest are listed for you to record by hand."
        >
          <StatementImport />
        </Panel>
      </div>
      <Panel
        title="Customer credit"
        intro="Find a customer by e-mail address to see their credit and adjust it, e.g. a refund you paid them from the bank (a negative amount)."
      >
        <CustomerCreditLookup />
      </Panel>
    </div>
  );
}
