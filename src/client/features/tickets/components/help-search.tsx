import { useState } from 'react';
import { Search } from 'lucide-react';
import { Link } from 'wouter';
import { helpSearchMax, helpSearchMin } from '#shared/help-centre.schemas.ts';
import { paths, helpArticlePath } from '#shared/routes.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useHelpSearch } from '../api/search-help.ts';

/** The help centre's search box: results as the visitor types, best match first. */
export function HelpSearch() {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 250);
  const search = useHelpSearch(q);
  const active = q.length >= helpSearchMin;
  return (
    <div className="grid gap-4">
      <form
        role="search"
        className="relative max-w-2xl"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="help-search" className="sr-only">
          Search the help centre
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
        />
        <Input
          id="help-search"
          type="search"
          value={typed}
          maxLength={helpSearchMax}
          autoComplete="off"
          placeholder="Search, e.g. “EFT reference” or “nameservers”"
          className="h-12 pl-10 text-base"
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
      <div aria-live="polite" className="max-w-3xl">
        {active && search.isPending && <Spinner label="Searching the help centre" />}
        {active && search.isError && (
          <p role="alert" className="text-sm text-red-700">
            The search did not work: {search.error.message}
          </p>
        )}
        {active && search.data && <SearchResults q={q} results={search.data.results} />}
      </div>
    </div>
  );
}

function SearchResults({
  q,
  results,
}: {
  q: string;
  results: { slug: string; title: string; category: string; snippet: string }[];
}) {
  if (results.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-white p-6">
        <p className="font-semibold text-ink">No articles match “{q}”</p>
        <p className="mt-1 text-sm text-muted">
          Try other words, browse the topics below, or{' '}
          <Link href={paths.contact} className="font-medium text-brand-700 underline">
            ask our team
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="help-results-title" className="grid gap-3">
      <h2 id="help-results-title" className="text-sm font-semibold text-muted">
        {results.length === 1 ? '1 article' : `${results.length} articles`} for “{q}”
      </h2>
      <ul className="grid gap-3">
        {results.map((result) => (
          <li key={result.slug} className="rounded-xl border border-line bg-white p-4">
            <Link
              href={helpArticlePath(result.slug)}
              className="font-semibold [overflow-wrap:anywhere] text-brand-700 underline-offset-2 hover:underline"
            >
              {result.title}
            </Link>
            <p className="text-xs font-medium tracking-wide text-muted uppercase">
              {result.category}
            </p>
            <p
              className="mt-1 text-sm text-muted [&_mark]:rounded [&_mark]:bg-accent-100 [&_mark]:px-0.5 [&_mark]:text-ink"
              // Escaped on the server; its only markup is <mark> around the words that matched.
              dangerouslySetInnerHTML={{ __html: `…${result.snippet}…` }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
