import { ChevronRight } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { MarkdownHtml } from '../../../components/markdown-html.tsx';
import { Section } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePageName } from '../../../lib/page-name.ts';
import { useHelpArticle } from '../api/get-help-article.ts';

function StillStuck() {
  return (
    <aside
      aria-labelledby="still-stuck"
      className="mt-10 max-w-3xl rounded-2xl border border-brand-100 bg-brand-50 p-6"
    >
      <h2 id="still-stuck" className="text-lg font-bold text-ink">
        Still stuck?
      </h2>
      <p className="mt-1 text-muted">
        <Link href={paths.userSupport} className="font-semibold text-brand-700 underline">
          Open a support ticket
        </Link>{' '}
        from your account and our team will answer, usually within one business day. No account?{' '}
        <Link href={paths.contact} className="font-semibold text-brand-700 underline">
          Write to us
        </Link>
        .
      </p>
    </aside>
  );
}

/**
 * /help/{slug}: one article. The server renders it with the article (decision 036), so it is read
 * without JavaScript; its title names the browser tab.
 */
export function HelpArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const query = useHelpArticle(slug);
  usePageName(query.data?.title);
  return (
    <Section>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-muted">
          <li>
            <Link href={paths.help} className="font-medium text-brand-700 underline">
              Help centre
            </Link>
          </li>
          {query.data && (
            <li className="flex items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4" />
              <span>{query.data.category.name}</span>
            </li>
          )}
        </ol>
      </nav>
      <QueryState query={query} label="the article">
        {(article) =>
          article ? (
            <article>
              <h1 className="max-w-3xl text-3xl font-extrabold [overflow-wrap:anywhere] text-ink sm:text-4xl">
                {article.title}
              </h1>
              {article.summary && (
                <p className="mt-3 max-w-3xl text-lg text-muted">{article.summary}</p>
              )}
              <p className="mt-3 text-sm text-muted">
                Updated <time dateTime={article.updatedAt}>{formatDate(article.updatedAt)}</time>
              </p>
              <MarkdownHtml html={article.html} className="mt-8" />
              <StillStuck />
            </article>
          ) : (
            <div className="max-w-3xl">
              <h1 className="text-3xl font-extrabold text-ink">No such help article</h1>
              <p className="mt-3 text-muted">
                It may have moved or been taken down.{' '}
                <Link href={paths.help} className="font-medium text-brand-700 underline">
                  Search the help centre
                </Link>{' '}
                for what you need.
              </p>
            </div>
          )
        }
      </QueryState>
    </Section>
  );
}
