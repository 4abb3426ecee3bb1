import { useId, useState, type FormEvent } from 'react';
import { speedReportEmailSchema } from '#shared/speed-reports.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useEmailSpeedReport } from '../api/email-speed-report.ts';

/** "E-mail me this report": the link goes to the address given. */
export function EmailReportForm({ reportId }: { reportId: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useEmailSpeedReport();
  const id = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = speedReportEmailSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setError(null);
    send.mutate(
      { id: reportId, request: parsed.data },
      { onError: (cause) => setError(cause.message) },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-ink">
        E-mail me this report
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="email"
          autoComplete="email"
          placeholder="you@example.co.za"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="sm:max-w-sm"
        />
        <Button type="submit" variant="outline" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send the link'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {send.isSuccess && !error && (
        <p role="status" className="text-sm text-brand-700">
          {send.data.message}
        </p>
      )}
    </form>
  );
}
