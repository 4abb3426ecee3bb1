import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { quoteAcceptanceSchema, type Quote } from '#shared/billing.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { paths, orderPath } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAcceptQuote, useDeclineQuote } from '../api/answer-quote.ts';
import { useQuote } from '../api/get-quote.ts';
import { QuoteDocument } from '../components/quote-document.tsx';

/** What accepting asks the customer to pay now. */
const payNow = (quote: Quote) => (quote.depositLabel ? quote.deposit : quote.total);

/** The customer accepts with the name they type and a tick; Decline needs no form. */
function Acceptance({ quote }: { quote: Quote }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [ticked, setTicked] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; acceptTerms?: string }>({});
  const accept = useAcceptQuote({
    onSuccess: (accepted) => {
      toast({
        title: 'Quote accepted',
        description: `Thank you. Pay ${formatRand(payNow(quote))} to start the work.`,
        variant: 'success',
      });
      navigate(orderPath(accepted.orderReference));
    },
    onError: (error) =>
      toast({ title: 'Quote not accepted', description: error.message, variant: 'destructive' }),
  });
  const decline = useDeclineQuote({
    onSuccess: () =>
      toast({ title: 'Quote declined', description: 'Thank you for letting us know.' }),
    onError: (error) =>
      toast({ title: 'Quote not declined', description: error.message, variant: 'destructive' }),
  });
  return (
    <Card>
      <form
        noValidate
        aria-labelledby="accept-heading"
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = quoteAcceptanceSchema.safeParse({ name, acceptTerms: ticked });
          if (!parsed.success) {
            const found: typeof errors = {};
            for (const issue of parsed.error.issues) {
              const field = issue.path[0] as keyof typeof errors;
              found[field] ??= issue.message;
            }
            setErrors(found);
            return;
          }
          setErrors({});
          accept.mutate({ number: quote.number, acceptance: parsed.data });
        }}
      >
        <h2 id="accept-heading" className="text-lg font-bold text-ink">
          Accept this quote
        </h2>
        <p className="text-sm text-muted">
          {quote.depositLabel
            ? `Accepting asks for the ${quote.depositLabel.toLowerCase()} of ${formatRand(quote.deposit)} now, by card, bank transfer or account credit; we invoice the balance of ${formatRand(quote.total - quote.deposit)} when the work is delivered.`
            : `Accepting asks for ${formatRand(quote.total)} now, by card, bank transfer or account credit.`}{' '}
          You can accept it until {formatDate(quote.validUntil)}.
        </p>
        <div className="max-w-md">
          <FormField
            id="accept-name"
            label="Your full name"
            autoComplete="name"
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5 accent-brand-700"
              checked={ticked}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
              onChange={(event) => setTicked(event.target.checked)}
            />
            <span>
              I accept quote {quote.number} and its terms above, and our{' '}
              <Link href={paths.terms} className="font-semibold text-brand-700 underline">
                Terms of Service
              </Link>
              .
            </span>
          </label>
          {errors.acceptTerms && (
            <p id="accept-terms-error" className="text-sm font-medium text-red-700">
              {errors.acceptTerms}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={accept.isPending}>
            {accept.isPending ? 'Accepting…' : `Accept and pay ${formatRand(payNow(quote))}`}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={decline.isPending}
            onClick={() => decline.mutate(quote.number)}
          >
            Decline
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** An accepted quote's next step: the invoice still to pay, if any. */
function NextStep({ quote }: { quote: Quote }) {
  const open = quote.invoices.find((invoice) =>
    ['unpaid', 'part_paid', 'overdue', 'pro_forma'].includes(invoice.status),
  );
  if (quote.status === 'expired')
    return (
      <p className="rounded-xl border border-line bg-white p-4 text-sm">
        This quote expired on {formatDate(quote.validUntil)}. Reply to its e-mail or contact us for
        a new one.
      </p>
    );
  if (!open) return null;
  return (
    <p className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
      <span>
        Order {open.orderReference} asks for {formatRand(open.total)}.
      </span>
      <Link
        href={orderPath(open.orderReference)}
        className="font-semibold text-brand-700 underline"
      >
        Pay {formatRand(open.total)} now
      </Link>
    </p>
  );
}

export function QuotePage() {
  const { number = '' } = useParams<{ number: string }>();
  const query = useQuote(number, 'customer');
  return (
    <>
      <Link
        href={paths.userDashboard}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← My dashboard
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`quote ${number}`}>
          {(quote) => (
            <div className="grid gap-6">
              <h1 className="text-3xl font-extrabold text-ink">Quote {quote.number}</h1>
              <NextStep quote={quote} />
              <QuoteDocument quote={quote} />
              {quote.status === 'sent' && <Acceptance quote={quote} />}
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
