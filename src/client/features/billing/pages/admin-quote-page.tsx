import { Link, useParams } from 'wouter';
import { formatRand } from '#shared/money.ts';
import { adminCustomerPath, paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useWithdrawQuote } from '../api/send-documents.ts';
import { useQuote } from '../api/get-quote.ts';
import { BalanceAction } from '../components/balance-action.tsx';
import { QuoteDocument } from '../components/quote-document.tsx';

/** One quote for the team: what it says, what it raised, and its balance when it is due. */
export function AdminQuotePage() {
  const { number = '' } = useParams<{ number: string }>();
  const query = useQuote(number, 'admin');
  const withdraw = useWithdrawQuote({
    onSuccess: (quote) =>
      toast({
        title: 'Quote withdrawn',
        description: `Quote ${quote.number} can no longer be accepted.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Quote not withdrawn', description: error.message, variant: 'destructive' }),
  });
  return (
    <>
      <Link
        href={paths.adminInvoices}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Invoices and quotes
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`quote ${number}`}>
          {(quote) => (
            <div className="grid gap-6">
              <div>
                <h1 className="text-3xl font-extrabold text-ink">Quote {quote.number}</h1>
                <p className="mt-1 text-sm text-muted">
                  {formatRand(quote.total)} for{' '}
                  {quote.customer.id ? (
                    <Link
                      href={adminCustomerPath(quote.customer.id)}
                      className="text-brand-700 underline"
                    >
                      {quote.customer.name}
                    </Link>
                  ) : (
                    quote.customer.name
                  )}
                </p>
              </div>
              <BalanceAction quote={quote} />
              {quote.status === 'sent' && (
                <div>
                  <Button
                    variant="outline"
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate(quote.number)}
                  >
                    Withdraw the quote
                  </Button>
                </div>
              )}
              <QuoteDocument quote={quote} />
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
