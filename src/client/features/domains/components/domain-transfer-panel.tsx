import { useState } from 'react';
import { Copy } from 'lucide-react';
import type { TransferCodeResult } from '#shared/domain-management.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { useDomainLock, useSetDomainLock } from '../api/domain-lock.ts';
import { useGetTransferCode } from '../api/get-transfer-code.ts';

/** The code as it came: shown this once (we never keep it), with a copy button. */
function TransferCode({
  domain,
  answer,
  onDone,
}: {
  domain: string;
  answer: TransferCodeResult;
  onDone: () => void;
}) {
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Copied', description: 'The transfer code is on your clipboard.' });
    } catch {
      toast({
        title: 'Not copied',
        description: 'Your browser did not allow it: select the code and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-line bg-brand-50 p-3">
      {'code' in answer ? (
        <>
          <p className="text-sm text-ink">
            The transfer code of {domain}. Give it to your new registrar: it is shown only now, and
            we do not keep it.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="rounded bg-white px-2 py-1 font-mono text-base break-all text-ink select-all"
              aria-label="Transfer code"
            >
              {answer.code}
            </code>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => void copy(answer.code)}
            >
              <Copy aria-hidden="true" />
              Copy code
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-ink">
          The registrar e-mailed the transfer code of {domain}
          {answer.emailedTo ? (
            <>
              {' '}
              to <span className="font-semibold break-all">{answer.emailedTo}</span>
            </>
          ) : (
            " to the registrant's address"
          )}
          . It is not shown here.
        </p>
      )}
      <div>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * The registrar lock (a switch) and the transfer code, which the registrar gives only while the
 * lock is off: together, what moving the domain to another registrar takes.
 */
export function DomainTransferPanel({ domain }: { domain: string }) {
  const lock = useDomainLock(domain);
  const [answer, setAnswer] = useState<TransferCodeResult | null>(null);
  const setLock = useSetDomainLock({
    onSuccess: ({ locked }) =>
      toast({
        title: locked ? 'Registrar lock on' : 'Registrar lock off',
        description: locked
          ? `${domain} cannot be transferred away.`
          : `${domain} can now be transferred to another registrar with its transfer code.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Lock not changed', description: error.message, variant: 'destructive' }),
  });
  const code = useGetTransferCode({
    onSuccess: setAnswer,
    onError: (error) =>
      toast({ title: 'No transfer code', description: error.message, variant: 'destructive' }),
  });
  const labelId = `${domain}-lock-label`;

  if (lock.isPending) return <Spinner label="Reading the registrar lock" />;
  if (lock.isError) return <p role="alert">{lock.error.message}</p>;
  const { locked } = lock.data;
  return (
    <div className="grid gap-3">
      <h3 className="font-bold text-ink">Transfer to another registrar</h3>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={locked}
          aria-labelledby={labelId}
          aria-describedby={`${domain}-lock-hint`}
          disabled={setLock.isPending}
          onClick={() => setLock.mutate({ domain, locked: !locked })}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:opacity-60',
            locked ? 'bg-brand-700' : 'bg-gray-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              locked ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
        <span id={labelId} className="text-sm font-semibold text-ink">
          Registrar lock
        </span>
        <span className="text-sm text-muted">{locked ? 'On' : 'Off'}</span>
      </div>
      <p id={`${domain}-lock-hint`} className="text-sm text-muted">
        {locked
          ? 'On: nobody can transfer the domain away. Turn it off only to move it to another registrar.'
          : 'Off: the domain can be transferred with its transfer code. Turn the lock back on if you are not moving it.'}
      </p>
      {answer ? (
        <TransferCode domain={domain} answer={answer} onDone={() => setAnswer(null)} />
      ) : (
        <div className="grid gap-1">
          <div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={locked || code.isPending}
              aria-describedby={locked ? `${domain}-code-hint` : undefined}
              onClick={() => code.mutate(domain)}
            >
              Get transfer code
            </Button>
          </div>
          {locked && (
            <p id={`${domain}-code-hint`} className="text-sm text-muted">
              Turn the registrar lock off first.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
