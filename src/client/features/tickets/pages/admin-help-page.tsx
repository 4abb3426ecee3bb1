import { useState } from 'react';
import { Plus } from 'lucide-react';
import { formatDate } from '#shared/dates.ts';
import type { AdminHelpArticle } from '#shared/help-centre.schemas.ts';
import { helpArticlePath, paths } from '#shared/routes.ts';
import { cell, DataTable, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAdminHelpArticles } from '../api/get-admin-help-articles.ts';
import { HelpArticleForm } from '../components/help-article-form.tsx';

/**
 * /admin/help: the help centre's articles, drafts too. Owners and staff write them in Markdown,
 * preview them, and publish them to /help.
 */
export function AdminHelpPage() {
  const query = useAdminHelpArticles();
  // The article being changed, `null` for a new one; undefined while no editor is open.
  const [editing, setEditing] = useState<AdminHelpArticle | null | undefined>(undefined);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">
          Published articles are on the{' '}
          <a href={paths.help} target="_blank" rel="noopener" className="text-brand-700 underline">
            help centre
          </a>{' '}
          at once, found by its search and suggested to customers as they write a ticket. Drafts are
          seen only here.
        </p>
        {editing === undefined && (
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" />
            New article
          </Button>
        )}
      </div>
      <QueryState query={query} label="the help articles">
        {({ articles, categories }) => (
          <>
            {editing !== undefined && (
              <Card padding="tight" className="sm:p-6">
                <HelpArticleForm
                  key={editing?.id ?? 'new'}
                  article={editing}
                  categories={categories}
                  onDone={() => setEditing(undefined)}
                />
              </Card>
            )}
            {articles.length === 0 ? (
              <EmptyState title="No help articles yet">
                Write the first with New article.
              </EmptyState>
            ) : (
              <DataTable
                label="Help articles"
                caption="Help articles, the latest change first"
                columns={[
                  { label: 'Article' },
                  { label: 'Topic' },
                  { label: 'Status' },
                  { label: 'Updated' },
                  { label: 'Actions' },
                ]}
              >
                {articles.map((article) => (
                  <tr key={article.id}>
                    <th scope="row" className={rowHeading}>
                      <span className="block [overflow-wrap:anywhere]">{article.title}</span>
                      <span className="block text-xs font-normal text-muted">
                        {helpArticlePath(article.slug)}
                      </span>
                    </th>
                    <td className={cell}>{article.categoryName}</td>
                    <td className={cell}>
                      <StatusBadge status={article.status === 'published' ? 'active' : 'draft'}>
                        {article.status === 'published' ? 'Published' : 'Draft'}
                      </StatusBadge>
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>{formatDate(article.updatedAt)}</td>
                    <td className={cell}>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Edit ${article.title}`}
                        onClick={() => setEditing(article)}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
