import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  creditAdjustmentSchema,
  customerCreditParams,
  type CreditAdjustment,
  type CustomerCredit,
} from '#shared/credit.schemas.ts';
import { formatRand } from '#shared/money.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useAdjustCustomerCredit } from '../api/adjust-customer-credit.ts';
import { useCustomerCredit } from '../api/get-customer-credit.ts';
import { CreditHolders } from './credit-holders.tsx';
import { CreditStatement } from './credit-statement.tsx';

/** Adds credit (a positive amount) or takes it off (negative), with the reason the statement shows. */
function AdjustCreditForm({ credit }: { credit: CustomerCredit }) {
  const blank = { email: credit.customer.email, amount: '', reason: '' };
  const form = useForm<CreditAdjustment>({
    resolver: zodResolver(creditAdjustmentSchema),
    defaultValues: blank,
  });
  const { errors } = form.formState;
  const adjust = useAdjustCustomerCredit({
    onSuccess: (after, { amount }) => {
      const added = Number(amount) > 0;
      toast({
        title: added ? 'Credit added' : 'Credit taken off',
        description: `${credit.customer.name} now has ${formatRand(after.balance)} account credit.`,
        variant: 'success',
      });
      form.reset(blank);
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Credit not changed'),
  });
  return (
    <form
      noValidate
      aria-label={`Adjust ${credit.customer.name}’s credit`}
      className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
      onSubmit={form.handleSubmit((input) => adjust.mutate(input))}
    >
      <FormField
        id="credit-amount"
        label="Amount (R)"
        inputMode="decimal"
        autoComplete="off"
        hint="Negative takes credit off"
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <FormField
        id="credit-reason"
        label="Reason (on their statement)"
        maxLength={255}
        autoComplete="off"
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Button type="submit" className="sm:mt-7" disabled={adjust.isPending}>
        {adjust.isPending ? 'Saving…' : 'Adjust credit'}
      </Button>
    </form>
  );
}

function CustomerCreditView({ credit }: { credit: CustomerCredit }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0">
          <span className="block font-semibold text-ink">{credit.customer.name}</span>
          <span className="block text-sm [overflow-wrap:anywhere] text-muted">
            {credit.customer.email}
          </span>
        </p>
        <p className="text-right">
          <span className="block text-2xl font-extrabold text-ink tabular-nums">
            {formatRand(credit.balance)}
          </span>
          <span className="text-sm text-muted">account credit</span>
        </p>
      </div>
      {credit.entries.length === 0 ? (
        <p className="text-sm text-muted">{credit.customer.name} has no account credit yet.</p>
      ) : (
        <CreditStatement statement={credit} label={`Credit statement of ${credit.customer.name}`} />
      )}
      <AdjustCreditForm key={credit.customer.email} credit={credit} />
    </div>
  );
}

/** One customer's credit, statement and adjustment form: the back office's customer page shows it. */
export function CustomerCreditPanel({ email }: { email: string }) {
  const credit = useCustomerCredit(email);
  return (
    <QueryState query={credit} label={`the credit of ${email}`}>
      {(data) => <CustomerCreditView credit={data} />}
    </QueryState>
  );
}

/**
 * The customers holding credit, and any customer found by e-mail address: their credit, its
 * statement and the way to adjust it.
 */
export function CustomerCreditLookup() {
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const open = (address: string) => {
    setTyped(address);
    setInvalid(undefined);
    setEmail(address);
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <CreditHolders selected={email} onSelect={open} />
      <div className="grid content-start gap-4">
        <form
          noValidate
          role="search"
          aria-label="Find a customer’s credit"
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = customerCreditParams.safeParse({ email: typed });
            setInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
            if (parsed.success) setEmail(parsed.data.email);
          }}
        >
          <FormField
            id="credit-email"
            label="Customer’s e-mail address"
            type="email"
            autoComplete="off"
            value={typed}
            error={invalid}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="outline" className="sm:mt-7">
            Find
          </Button>
        </form>
        {email && <CustomerCreditPanel email={email} />}
      </div>
    </div>
  );
}
