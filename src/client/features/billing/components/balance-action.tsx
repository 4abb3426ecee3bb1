import type { Quote } from '#shared/billing.schemas.ts';
import { formatRand } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useRaiseBalance } from '../api/send-documents.ts';

/** "Invoice the balance" for an accepted quote whose deposit is paid; nothing otherwise. */
export function BalanceAction({ quote }: { quote: Quote }) {
  const raise = useRaiseBalance({
    onSuccess: (raised) =>
      toast({
        title: 'Balance invoiced',
        description: `Order ${raised.orderReference} for ${formatRand(raised.total)} was mailed to the customer.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Balance not invoiced', description: error.message, variant: 'destructive' }),
  });
  if (quote.balanceDue === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
      <p>
        The deposit of quote {quote.number} is paid; {formatRand(quote.balanceDue)} is still to
        invoice when the work is delivered.
      </p>
      <Button disabled={raise.isPending} onClick={() => raise.mutate(quote.number)}>
        {raise.isPending ? 'Invoicing…' : `Invoice the balance (${formatRand(quote.balanceDue)})`}
      </Button>
    </div>
  );
}
