import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  recordBankTransferSchema,
  type RecordBankTransfer,
} from '#shared/bank-transfers.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { formatRand, randToDecimalString } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { vat } from '../../../lib/site.ts';
import { useRecordBankTransfer } from '../api/record-bank-transfer.ts';

/** What "Record money" on an awaited order fills in: its reference and what is due. */
export interface RecordPrefill {
  orderReference: string;
  amount: number;
}

/**
 * Money the bank statement shows for an order: the amount, the day it arrived and the
 * statement's reference (a bank line is recorded once: the same line again is refused, and the
 * server's reason stays under the form).
 */
export function RecordTransferForm({ prefill }: { prefill?: RecordPrefill | undefined }) {
  const [refused, setRefused] = useState<string | undefined>();
  const form = useForm<RecordBankTransfer>({
    resolver: zodResolver(recordBankTransferSchema),
    defaultValues: {
      orderReference: prefill?.orderReference ?? '',
      amount: prefill ? randToDecimalString(prefill.amount) : '',
      receivedOn: saToday(),
      bankReference: '',
    },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (prefill) form.setFocus('bankReference');
  }, [prefill, form]);
  const record = useRecordBankTransfer({
    onSuccess: (recorded) => {
      setRefused(undefined);
      toast({
        title: `${formatRand(recorded.amount)} recorded for ${recorded.orderReference}`,
        description:
          recorded.due === 0
            ? `Order ${recorded.orderReference} is paid: the customer gets the ${vat.invoiceNoun} by e-mail.`
            : `${formatRand(recorded.due)} is still due on order ${recorded.orderReference}.`,
        variant: 'success',
      });
      form.reset({ orderReference: '', amount: '', receivedOn: saToday(), bankReference: '' });
    },
    onError: (error) => {
      setRefused(error.message);
      showFieldIssues(error, form.setError, 'Not recorded');
    },
  });
  return (
    <form
      noValidate
      aria-label="Record money received"
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => {
        setRefused(undefined);
        record.mutate(input);
      })}
    >
      {/* Two columns while the form has the page's width; one beside the statement import. */}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
        <FormField
          id="record-order"
          label="Order reference"
          placeholder="SO-7KQ2MX"
          autoComplete="off"
          className="font-mono uppercase"
          error={errors.orderReference?.message}
          {...form.register('orderReference')}
        />
        <FormField
          id="record-amount"
          label="Amount received (R)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <FormField
          id="record-date"
          label="Date received"
          type="date"
          max={saToday()}
          error={errors.receivedOn?.message}
          {...form.register('receivedOn')}
        />
        <FormField
          id="record-reference"
          label="Bank statement reference"
          autoComplete="off"
          maxLength={120}
          hint="As the statement shows it, so an import of the same statement does not count it twice."
          error={errors.bankReference?.message}
          {...form.register('bankReference')}
        />
      </div>
      {refused && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          Not recorded: {refused}
        </p>
      )}
      <Button type="submit" className="w-fit" disabled={record.isPending}>
        {record.isPending ? 'Recording…' : 'Record money received'}
      </Button>
    </form>
  );
}
