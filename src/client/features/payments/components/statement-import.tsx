import { useRef, useState, type ReactNode } from 'react';
import type { BankStatementResult } from '#shared/bank-transfers.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useImportBankStatement } from '../api/import-bank-statement.ts';

interface Line {
  line: number;
  date: string;
  description: string;
  amount: number;
}

/** A statement date as the import read it (YYYY-MM-DD), or the text as it stood when it was not one. */
const shownDate = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(date) : date);

/** One group of lines the import sorted: its heading with the count, and each line with `note`. */
function Group<L extends Line>({
  title,
  lines,
  empty,
  note,
}: {
  title: string;
  lines: L[];
  empty: string;
  note: (line: L) => ReactNode;
}) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="font-bold text-ink">
        {title} ({lines.length})
      </h3>
      {lines.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-2">
          {lines.map((line) => (
            <li key={line.line} className="rounded-lg border border-line p-3 text-sm">
              <div className="flex flex-wrap justify-between gap-x-3 gap-y-1">
                <span className="text-muted">
                  Line {line.line} · {shownDate(line.date)}
                </span>
                <span className="font-semibold tabular-nums">{formatRand(line.amount)}</span>
              </div>
              <p className="font-mono text-xs [overflow-wrap:anywhere] text-ink">
                {line.description}
              </p>
              <p className="mt-1">{note(line)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ImportResult({ result }: { result: BankStatementResult }) {
  return (
    <div className="grid gap-4">
      <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-ink">
        {result.recorded.length} recorded, {result.alreadyRecorded.length} recorded before,{' '}
        {result.needsAPerson.length} for a person to look at; {result.skipped} skipped (money going
        out, or lines without an amount).
      </p>
      <Group
        title="Recorded"
        lines={result.recorded}
        empty="No new payments for our orders in this statement."
        note={(line) => (
          <>
            For order <span className="font-mono font-semibold">{line.orderReference}</span> as{' '}
            <span className="font-mono">{line.payment}</span>
          </>
        )}
      />
      <Group
        title="Already recorded"
        lines={result.alreadyRecorded}
        empty="None of these lines was recorded before."
        note={(line) => (
          <>
            Recorded before as <span className="font-mono">{line.payment}</span>: not counted again
          </>
        )}
      />
      <Group
        title="Needs a person"
        lines={result.needsAPerson}
        empty="Every payment in the statement matched one order."
        note={(line) => <span className="text-red-800">{line.reason}</span>}
      />
    </div>
  );
}

/**
 * A bank statement exported as CSV (date, description, amount): read in the browser and sent as
 * text; the server records each payment that names one order, once however often it is imported.
 */
export function StatementImport() {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const statement = useImportBankStatement({
    onSuccess: (result) => {
      setError(undefined);
      toast({
        title: 'Statement imported',
        description: `${result.recorded.length} new ${result.recorded.length === 1 ? 'payment' : 'payments'} recorded.`,
        variant: 'success',
      });
      if (input.current) input.current.value = '';
    },
    onError: (failure) => setError(failure.message),
  });
  return (
    <div className="grid gap-4">
      <form
        aria-label="Import a bank statement"
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const file = input.current?.files?.[0];
          if (!file) return setError('Choose the CSV file of the bank statement.');
          setError(undefined);
          void file.text().then(
            (csv) => statement.mutate(csv),
            () => setError(`${file.name} could not be read: choose it again.`),
          );
        }}
      >
        <Label htmlFor="statement-file">Bank statement (CSV)</Label>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <input
            ref={input}
            id="statement-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`statement-file-hint${error ? ' statement-file-error' : ''}`}
            aria-invalid={error ? true : undefined}
            className="w-full min-w-0 text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-700"
          />
          <Button type="submit" size="sm" disabled={statement.isPending}>
            {statement.isPending ? 'Importing…' : 'Import statement'}
          </Button>
        </div>
        <p id="statement-file-hint" className="text-sm text-muted">
          Columns date, description and amount, e.g. <code>2026-11-20,EFT SO-7KQ2MX,1499.00</code>.
          Importing the same statement again never counts a payment twice.
        </p>
        <FieldError id="statement-file-error" message={error} />
      </form>
      {statement.data && <ImportResult result={statement.data} />}
    </div>
  );
}
