import { Link } from 'wouter';
import { helpArticlePath, paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useHelpIndex } from '../api/get-help-index.ts';
import { HelpSearch } from '../components/help-search.tsx';

/**
 * /help: the search box and every topic with its articles. The server renders it with the
 * articles as they are (decision 036), so the list is in the first HTML; only the search hydrates.
 */
export function HelpCentrePage() {
  const index = useHelpIndex();
  return (
    <>
      <PageHeader
        eyebrow="Help centre"
        title="How can we help?"
        lead="Answers from our team on domains, payments, websites and company registration. Search, or pick a topic below."
      >
        <div className="w-full">
          <HelpSearch />
        </div>
      </PageHeader>
      <QueryState query={index} label="the help centre">
        {({ categories }) => (
          <Section static title="Browse by topic">
            <div className="grid gap-6 md:grid-cols-2">
              {categories.map((category) => (
                <section
                  key={category.slug}
                  aria-labelledby={`help-topic-${category.slug}`}
                  className="rounded-2xl border border-line bg-white p-6"
                >
                  <h3 id={`help-topic-${category.slug}`} className="text-lg font-bold text-ink">
                    {category.name}
                  </h3>
                  <p className="mt-1 text-sm text-muted">{category.description}</p>
                  {category.articles.length === 0 ? (
                    <p className="mt-4 text-sm text-muted">No articles here yet.</p>
                  ) : (
                    <ul className="mt-4 grid gap-2">
                      {category.articles.map((article) => (
                        <li key={article.slug}>
                          <Link
                            href={helpArticlePath(article.slug)}
                            className="font-medium text-brand-700 underline-offset-2 hover:underline"
                          >
                            {article.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
            <p className="mt-8 text-muted">
              Cannot find an answer?{' '}
              <Link href={paths.contact} className="font-medium text-brand-700 underline">
                Contact our team
              </Link>{' '}
              or{' '}
              <Link href={paths.userSupport} className="font-medium text-brand-700 underline">
                open a support ticket
              </Link>
              .
            </p>
          </Section>
        )}
      </QueryState>
    </>
  );
}
