import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  contentItemLabels,
  contentItems,
  projectStageLabels,
  projectStages,
  type AdminProject,
  type ProjectStage,
} from '#shared/projects.schemas.ts';
import { paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FileLinks } from '../../../components/file-upload.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useCommentAsAdmin } from '../api/comment-as-admin.ts';
import { adminProjectFileUrl, useAdminProject } from '../api/get-admin-project.ts';
import { useUpdateAdminProject } from '../api/update-admin-project.ts';
import { CommentForm, Comments } from '../components/comments.tsx';
import { StageBadge } from '../components/stage-badge.tsx';
import { StageProgress } from '../components/stage-progress.tsx';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** The stage (the customer is e-mailed) and each stage's due date. */
function ProjectControls({ project }: { project: AdminProject }) {
  const [dates, setDates] = useState(project.dueDates);
  const update = useUpdateAdminProject({
    onSuccess: (saved, { change }) => {
      setDates(saved.dueDates);
      toast({
        title: change.stage ? `Moved to ${projectStageLabels[change.stage]}` : 'Due dates saved',
        description: change.stage ? 'The customer is e-mailed.' : undefined,
        variant: 'success',
      });
    },
    onError: failed('Project not updated'),
  });
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="project-stage">Stage</Label>
        <Select
          id="project-stage"
          value={project.stage}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({
              reference: project.reference,
              change: { stage: event.target.value as ProjectStage },
            })
          }
        >
          {projectStages.map((stage) => (
            <option key={stage} value={stage}>
              {projectStageLabels[stage]}
            </option>
          ))}
        </Select>
      </div>
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ reference: project.reference, change: { dueDates: dates } });
        }}
      >
        <h3 className="font-bold text-ink">Due dates</h3>
        {projectStages.map((stage) => (
          <div key={stage} className="grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-2">
            <Label htmlFor={`due-${stage}`}>{projectStageLabels[stage]}</Label>
            <Input
              id={`due-${stage}`}
              type="date"
              value={dates[stage] ?? ''}
              onChange={(event) => setDates({ ...dates, [stage]: event.target.value })}
            />
          </div>
        ))}
        <div>
          <Button type="submit" variant="outline" size="sm" disabled={update.isPending}>
            Save due dates
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * /admin/website-projects/{reference}: a project's stages, content and comments. `billing` is
 * what the billing feature shows of the quote the project was sold on (its balance at launch).
 */
export function AdminProjectPage({
  billing,
}: {
  billing: (project: { reference: string; stage: ProjectStage }) => ReactNode;
}) {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = useAdminProject(reference);
  const comment = useCommentAsAdmin({
    onSuccess: () =>
      toast({
        title: 'Comment sent',
        description: 'E-mailed to the customer.',
        variant: 'success',
      }),
  });
  return (
    <>
      <Link
        href={paths.adminWebsiteProjects}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All projects
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`project ${reference}`}>
          {(project) => (
            <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="grid min-w-0 content-start gap-6">
                <div>
                  <h2 className="text-2xl font-bold [overflow-wrap:anywhere] text-ink">
                    {project.title}
                  </h2>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                    <span className="font-mono font-semibold text-ink">{project.reference}</span>·
                    <span>started {formatDate(project.createdAt)}</span>
                    <StageBadge stage={project.stage} />
                    {project.approvedAt && (
                      <span>· approved by the customer {formatDate(project.approvedAt)}</span>
                    )}
                  </p>
                </div>
                <StageProgress stage={project.stage} dueDates={project.dueDates} compact />
                {billing(project)}
                <Card>
                  <h3 className="font-bold text-ink">
                    Content from the customer ({project.contentDone} of {contentItems.length})
                  </h3>
                  <dl className="mt-2 grid gap-3 text-sm">
                    {contentItems.map((item) => (
                      <div key={item}>
                        <dt className="font-semibold text-ink">{contentItemLabels[item]}</dt>
                        <dd className="whitespace-pre-wrap [overflow-wrap:anywhere] text-muted">
                          {project.content[item] || 'Not given yet'}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  {project.files.length > 0 && (
                    <div className="mt-3">
                      <h4 className="text-sm font-semibold text-ink">Files</h4>
                      <FileLinks
                        files={project.files}
                        hrefOf={(file) => adminProjectFileUrl(project.reference, file.id)}
                      />
                    </div>
                  )}
                </Card>
                <section aria-labelledby="comments-heading" className="grid gap-4">
                  <h3 id="comments-heading" className="text-lg font-bold text-ink">
                    Comments
                  </h3>
                  <Comments comments={project.comments} viewer="staff" />
                  <Card>
                    <CommentForm
                      label={`Comment to ${project.name}`}
                      hint="The customer is e-mailed the comment."
                      busy={comment.isPending}
                      send={(input) => comment.mutateAsync({ reference, comment: input })}
                    />
                  </Card>
                </section>
              </div>
              <aside aria-label="Project details" className="grid content-start gap-4">
                <Card>
                  <h3 className="font-bold text-ink">Customer</h3>
                  <p className="mt-2 text-sm font-semibold [overflow-wrap:anywhere] text-ink">
                    {project.name}
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere]">{project.email}</p>
                  {project.serviceRequestReference && (
                    <p className="mt-1 text-sm text-muted">
                      From service request{' '}
                      <span className="font-mono">{project.serviceRequestReference}</span>
                    </p>
                  )}
                </Card>
                <Card>
                  <ProjectControls key={project.updatedAt} project={project} />
                </Card>
              </aside>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
