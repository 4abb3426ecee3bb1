import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { contentItems, projectStageNotes } from '#shared/projects.schemas.ts';
import { paths, projectPath } from '#shared/routes.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyProjects } from '../api/get-my-projects.ts';
import { StageBadge } from './stage-badge.tsx';

/** The dashboard's website projects panel: each project's stage, due date and checklist. */
export function ProjectsPanel() {
  const projects = useMyProjects();
  return (
    <DashboardPanel title="Website projects" query={projects} what="your website projects">
      {(data) =>
        data.length === 0 ? (
          <CardDescription className="mt-2">
            No website projects yet. A website package you buy, or a website quote you accept,
            becomes a project you follow here stage by stage.{' '}
            <Link href={paths.buyWebsite} className="font-semibold text-brand-700 hover:underline">
              About our websites
            </Link>
          </CardDescription>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-line">
              {data.slice(0, 5).map((project) => (
                <li key={project.reference} className="grid gap-1 py-2">
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
                    {project.dueDate && project.stage !== 'live'
                      ? `Stage due ${formatDate(project.dueDate)} · `
                      : ''}
                    Content {project.contentDone} of {contentItems.length}
                  </p>
                  {(project.stage === 'review' || project.contentDone < contentItems.length) &&
                    project.stage !== 'live' && (
                      <p className="text-sm text-ink">
                        {project.stage === 'review'
                          ? projectStageNotes.review
                          : 'Please complete your content checklist.'}
                      </p>
                    )}
                </li>
              ))}
            </ul>
            <Link
              href={paths.userProjects}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
            >
              All projects
            </Link>
          </>
        )
      }
    </DashboardPanel>
  );
}
