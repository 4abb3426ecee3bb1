import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { toast } from './ui/use-toast.ts';

/** Copies one value (an account number, a reference) to the clipboard; `what` names it. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        toast({ title: 'Copied', description: `${what}: ${value}` });
      },
      () =>
        toast({
          title: 'Not copied',
          description: `Your browser did not allow copying: select the ${what.toLowerCase()} and copy it yourself.`,
          variant: 'destructive',
        }),
    );
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={`${copied ? 'Copied' : 'Copy'} ${what.toLowerCase()}`}
      onClick={() => void copy()}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span className="max-sm:sr-only">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
