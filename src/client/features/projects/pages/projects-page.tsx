import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { contentItems } from '#shared/projects.schemas.ts';
import { paths, projectPath } from '#shared/routes.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { useMyProjects } from '../api/get-my-projects.ts';
import { StageBadge } from '../components/stage-badge.tsx';

/** /user/projects: the customer's website projects. */
export function ProjectsPage() {
  const projects = useMyProjects();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">My website projects</h1>
      <div className="mt-6">
        <QueryState query={projects} label="your website projects">
          {(data) =>
            data.length === 0 ? (
              <EmptyState title="No website projects yet">
                A website package you buy, or a website quote you accept, becomes a project you
                follow here.{' '}
                <Link href={paths.buyWebsite} className="font-semibold text-brand-700 underline">
                  See our website packages
                </Link>
              </EmptyState>
            ) : (
              <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
                {data.map((project) => (
                  <li key={project.reference} className="grid gap-1 px-4 py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link
                        href={projectPath(project.reference)}
                        className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                      >
                        {project.title}
                      </Link>
                      <StageBadge stage={project.stage} />
                    </div>
                    <p className="text-sm text-muted">
                      <span className="font-mono">{project.reference}</span> · started{' '}
                      {formatDate(project.createdAt)}
                      {project.dueDate && project.stage !== 'live'
                        ? ` · stage due ${formatDate(project.dueDate)}`
                        : ''}{' '}
                      · content {project.contentDone} of {contentItems.length}
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
