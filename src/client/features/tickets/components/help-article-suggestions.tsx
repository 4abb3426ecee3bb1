import { helpArticlePath } from '#shared/routes.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useHelpSearch } from '../api/search-help.ts';

/**
 * Under a new ticket's subject: up to three help articles that match what the customer is typing
 * (after a 300 ms pause, from 3 characters), each opening in a new tab so the ticket is not lost.
 * A polite live region that stays empty when nothing matches.
 */
export function HelpArticleSuggestions({ subject }: { subject: string }) {
  const q = useDebounced(subject.trim(), 300);
  const search = useHelpSearch(q, 3);
  const articles = q.length >= 3 ? (search.data?.results.slice(0, 3) ?? []) : [];
  return (
    <div aria-live="polite">
      {articles.length > 0 && (
        <div className="rounded-xl border border-brand-100 bg-brand-50 p-4">
          <p id="help-suggestions-title" className="text-sm font-semibold text-ink">
            These articles may answer your question
          </p>
          <ul aria-labelledby="help-suggestions-title" className="mt-2 grid gap-1.5 text-sm">
            {articles.map((article) => (
              <li key={article.slug}>
                <a
                  href={helpArticlePath(article.slug)}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {article.title}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                {article.summary && <span className="text-muted"> — {article.summary}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
