import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  contentItems,
  projectStageLabels,
  projectStages,
  type AdminProjectSummary,
} from '#shared/projects.schemas.ts';
import { adminProjectPath } from '#shared/routes.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { useAdminProjects } from '../api/get-admin-projects.ts';

const today = () => new Date().toISOString().slice(0, 10);

function ProjectCard({ project }: { project: AdminProjectSummary }) {
  const late = project.stage !== 'live' && project.dueDate !== null && project.dueDate < today();
  return (
    <li className="rounded-xl border border-line bg-white p-3 text-sm shadow-sm">
      <Link
        href={adminProjectPath(project.reference)}
        className="font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
      >
        {project.title}
      </Link>
      <p className="mt-1 [overflow-wrap:anywhere] text-muted">
        <span className="font-mono">{project.reference}</span> · {project.name}
      </p>
      <p className="mt-1 text-muted">
        {project.stage !== 'live' && project.dueDate && (
          <span className={late ? 'font-semibold text-red-700' : undefined}>
            {late ? 'Late: due ' : 'Due '}
            {formatDate(project.dueDate)} ·{' '}
          </span>
        )}
        content {project.contentDone}/{contentItems.length}
      </p>
    </li>
  );
}

/** /admin/website-projects: every project on a board, one column per stage. */
export function AdminProjectsBoardPage() {
  const query = useAdminProjects();
  return (
    <QueryState query={query} label="the website projects">
      {(projects) =>
        projects.length === 0 ? (
          <EmptyState title="No website projects yet">
            A paid website package, or a website request marked as won under Service requests,
            becomes a project here.
          </EmptyState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
            {projectStages.map((stage) => {
              const inStage = projects.filter((project) => project.stage === stage);
              return (
                <section
                  key={stage}
                  aria-labelledby={`stage-${stage}`}
                  className="rounded-2xl bg-slate-100 p-3"
                >
                  <h2 id={`stage-${stage}`} className="flex justify-between font-bold text-ink">
                    {projectStageLabels[stage]}
                    <span className="text-muted">{inStage.length}</span>
                  </h2>
                  {inStage.length === 0 ? (
                    <p className="mt-2 text-sm text-muted">None</p>
                  ) : (
                    <ul className="mt-2 grid gap-2">
                      {inStage.map((project) => (
                        <ProjectCard key={project.reference} project={project} />
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        )
      }
    </QueryState>
  );
}
