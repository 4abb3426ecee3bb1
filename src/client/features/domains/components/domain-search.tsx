import {
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation } from 'wouter';
import { Search } from 'lucide-react';
import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast, type ToastInput } from '../../../components/ui/use-toast.ts';
import { site } from '../../../lib/site.ts';
import { checkDomain, DomainCheckError } from '../api/check-domain.ts';
import { formatPrice } from '#shared/money.ts';

type SearchState =
  | { kind: 'idle' }
  | { kind: 'checking'; domain: string }
  | { kind: 'result'; domain: string; result: DomainCheckResult }
  | { kind: 'error'; domain: string; reason: string | undefined };

/** The domain search widget of SPEC §2, with the states of §4 and the validation of §5. */
export function DomainSearch({ className }: { className?: string }) {
  const [input, setInput] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [, navigate] = useLocation();
  const inputId = useId();
  const checking = state.kind === 'checking';
  // The toast about the last search: stale once the input changes, and on a phone it would cover
  // the next result, so it goes as soon as the visitor types.
  const searchToast = useRef<() => void>(undefined);
  const placeholder = `enter domain name (${site.exampleHost})`;

  function tell(message: ToastInput) {
    searchToast.current = toast(message).dismiss;
  }

  function dismissSearchToast() {
    searchToast.current?.();
    searchToast.current = undefined;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void search();
  }

  // Enter searches even while the button is disabled, so a blank input gets its toast (SPEC §5).
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!checking) void search();
  }

  async function search() {
    const domain = input.trim().toLowerCase();
    if (!domain) {
      tell({
        title: 'Invalid Input',
        description: 'Please enter a domain name',
        variant: 'destructive',
      });
      return;
    }
    setState({ kind: 'checking', domain });
    try {
      const result = await checkDomain(domain);
      setState({ kind: 'result', domain, result });
    } catch (error) {
      setState({
        kind: 'error',
        domain,
        reason: error instanceof DomainCheckError ? error.reason : undefined,
      });
      tell({
        title: 'Domain Check Failed',
        description: 'Unable to check domain availability',
        variant: 'destructive',
      });
    }
  }

  function onChange(value: string) {
    setInput(value);
    dismissSearchToast();
    // A result only stands while the input still names the domain that was checked (SPEC §4).
    if (state.kind !== 'idle' && value.trim().toLowerCase() !== state.domain) {
      setState({ kind: 'idle' });
    }
  }

  // Loaded on the click: the home page's first bundle stays small.
  async function register(result: DomainCheckResult) {
    try {
      const { saveSelectedDomain, toSelectedDomain } = await import('../selected-domain.ts');
      saveSelectedDomain(toSelectedDomain(result));
      navigate(paths.domainRegistration);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to proceed to domain registration. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className={className}>
      <form
        onSubmit={onSubmit}
        role="search"
        className="@container flex flex-col gap-2 sm:flex-row"
        style={{ '--placeholder-chars': placeholder.length } as CSSProperties}
      >
        <label htmlFor={inputId} className="sr-only">
          Domain name
        </label>
        <Input
          id={inputId}
          value={input}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          // On a phone the placeholder shrinks to the input's width (a character is about 0.54 em
          // wide, 28 px go to padding and border), so its example host is not cut; typed text
          // stays 16 px, below which phones zoom in.
          className="h-12 max-sm:placeholder:text-[length:clamp(11px,calc((100cqi_-_28px)_*_1.85_/_var(--placeholder-chars)),16px)] sm:flex-1"
        />
        <Button type="submit" size="lg" disabled={!input.trim() || checking}>
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      <div aria-live="polite" className="mt-3">
        {checking && (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner label="" className="[&>span:first-child]:size-4" />
            Checking domain availability...
          </p>
        )}
        {state.kind === 'result' && (
          <ResultCard result={state.result} onRegister={(result) => void register(result)} />
        )}
        {state.kind === 'error' && (
          <p className="text-sm font-semibold text-red-800">
            {state.reason ?? 'We could not check this domain just now. Please try again.'}
          </p>
        )}
      </div>
    </div>
  );
}

function ResultCard({
  result,
  onRegister,
}: {
  result: DomainCheckResult;
  onRegister: (result: DomainCheckResult) => void;
}) {
  return (
    <Card
      padding="tight"
      className="flex flex-col gap-3 text-left sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="text-lg font-bold break-all text-ink">{result.domain}</p>
        <p className={result.available ? 'text-brand-700' : 'text-red-700'}>{result.message}</p>
      </div>
      {result.available && (
        <div className="flex flex-col gap-2 sm:items-end">
          <p className="text-ink">
            <span className="text-xl font-bold">{formatPrice(result.price, result.currency)}</span>{' '}
            per year
            <span className="ml-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-700">
              Live pricing
            </span>
          </p>
          <Button onClick={() => onRegister(result)}>Register Domain</Button>
        </div>
      )}
    </Card>
  );
}
