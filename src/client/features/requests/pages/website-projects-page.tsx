import { useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import { useServiceRequests } from '../api/get-service-requests.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';

/** Website work that has been won: accepted website requests (paid orders join with checkout). */
export function WebsiteProjectsPage() {
  const [page, setPage] = useState(1);
  const query = useServiceRequests({ page, status: 'won', serviceType: 'website_development' });
  return (
    <QueryState query={query} label="the website projects">
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState title="No website projects yet">
            A website request marked as won under Service requests becomes a project here.
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
              {data.items.map((project) => (
                <li key={project.id} className="grid gap-1 px-4 py-3">
                  <p className="font-semibold text-ink">
                    <span className="font-mono">{project.reference}</span> ·{' '}
                    {project.company ?? project.name}
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere] text-muted">
                    {project.name} · {project.email} · won {formatDate(project.updatedAt)}
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere]">{project.message}</p>
                </li>
              ))}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )
      }
    </QueryState>
  );
}
