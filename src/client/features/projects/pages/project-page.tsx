import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  contentItemLabels,
  contentItems,
  projectContentInputSchema,
  projectStageLabels,
  projectStageNotes,
  type Project,
  type ContentItem,
  type ProjectContentInput,
} from '#shared/projects.schemas.ts';
import { paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useApproveProject } from '../api/approve-project.ts';
import { useCommentOnProject } from '../api/comment-on-project.ts';
import { useMyProject } from '../api/get-my-project.ts';
import { useSaveProjectContent } from '../api/save-project-content.ts';
import { projectFileUrl, useUploadProjectFile } from '../api/upload-project-file.ts';
import { FileLinks, FileUpload } from '../../../components/file-upload.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useState } from 'react';
import { CommentForm, Comments } from '../components/comments.tsx';
import { StageBadge } from '../components/stage-badge.tsx';
import { StageProgress } from '../components/stage-progress.tsx';

/** Files for the checklist: the item they are for, then the file; the list of what was sent. */
function ChecklistFiles({
  project,
  onUploaded,
}: {
  project: Project;
  onUploaded: (saved: Project, item: ContentItem) => void;
}) {
  const [item, setItem] = useState<ContentItem>('logo');
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadProjectFile({
    onSuccess: (saved, { file }) => {
      setError(undefined);
      onUploaded(saved, item);
      toast({ title: 'File uploaded', description: file.name, variant: 'success' });
    },
    onError: (failure) => setError(failure.message),
  });
  return (
    <section aria-labelledby="checklist-files" className="grid gap-3 border-t border-line pt-4">
      <h3 id="checklist-files" className="font-bold text-ink">
        Files
      </h3>
      <FileLinks
        files={project.files}
        hrefOf={(file) => projectFileUrl(project.reference, file.id)}
      />
      {project.stage !== 'live' && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="file-item">The file is for</Label>
            <Select
              id="file-item"
              value={item}
              onChange={(event) => setItem(event.target.value as ContentItem)}
            >
              {contentItems.map((option) => (
                <option key={option} value={option}>
                  {contentItemLabels[option]}
                </option>
              ))}
            </Select>
          </div>
          <FileUpload
            id="checklist-file"
            label="File"
            pending={upload.isPending}
            error={error}
            onUpload={(file) => upload.mutate({ reference: project.reference, item, file })}
          />
        </>
      )}
    </section>
  );
}

/** The content checklist: logo, photos, page texts and domain, as text, links or files. */
function ContentChecklist({ project }: { project: Project }) {
  const form = useForm<ProjectContentInput>({
    resolver: zodResolver(projectContentInputSchema),
    defaultValues: project.content,
  });
  const save = useSaveProjectContent({
    onSuccess: (saved) => {
      form.reset(saved.content);
      toast({ title: 'Content saved', variant: 'success' });
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Content not saved'),
  });
  const locked = project.stage === 'live';
  return (
    <>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((content) =>
          save.mutate({ reference: project.reference, content }),
        )}
      >
        <div>
          <h2 className="text-lg font-bold text-ink">Content checklist</h2>
          <p className="mt-1 text-sm text-muted">
            {project.contentDone} of {contentItems.length} done. Type the text, paste links to your
            files (Google Drive, Dropbox, OneDrive…) or upload them below.
          </p>
        </div>
        <FormField
          id="content-logo"
          label={contentItemLabels.logo}
          hint="A link to the file, or upload it under Files."
          disabled={locked}
          error={form.formState.errors.logo?.message}
          {...form.register('logo')}
        />
        <FormField
          id="content-photos"
          label={contentItemLabels.photos}
          hint="A link to an album or folder, or upload them under Files."
          disabled={locked}
          error={form.formState.errors.photos?.message}
          {...form.register('photos')}
        />
        <TextareaField
          id="content-page-texts"
          label={contentItemLabels.pageTexts}
          rows={6}
          disabled={locked}
          hint="Home, about, services, contact: one heading per page."
          error={form.formState.errors.pageTexts?.message}
          {...form.register('pageTexts')}
        />
        <FormField
          id="content-domain"
          label={contentItemLabels.domain}
          placeholder="yourbusiness.co.za"
          disabled={locked}
          error={form.formState.errors.domain?.message}
          {...form.register('domain')}
        />
        {!locked && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save content'}
            </Button>
          </div>
        )}
      </form>
      <ChecklistFiles
        project={project}
        onUploaded={(saved, item) => {
          // The item a file answers shows the file's name unless the customer typed something.
          if (!form.getValues(item)) form.setValue(item, saved.content[item]);
        }}
      />
    </>
  );
}

/** At review: approve the site (it moves to launch) or comment on what to change. */
function ReviewApproval({ project }: { project: Project }) {
  const approve = useApproveProject({
    onSuccess: () =>
      toast({ title: 'Website approved', description: 'We are launching it.', variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Not approved', description: error.message, variant: 'destructive' }),
  });
  return (
    <Card className="border-amber-300 bg-amber-50">
      <h2 className="text-lg font-bold text-ink">Your website is ready for review</h2>
      <p className="mt-1 text-sm text-ink">
        Look it over. Approve it to move to launch, or write below what to change.
      </p>
      <Button
        className="mt-3"
        disabled={approve.isPending}
        onClick={() => approve.mutate(project.reference)}
      >
        {approve.isPending ? 'Approving…' : 'Approve the website'}
      </Button>
    </Card>
  );
}

/** /user/projects/{reference}: one of the customer's website projects. */
export function ProjectPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = useMyProject(reference);
  const comment = useCommentOnProject({
    onSuccess: () => toast({ title: 'Comment sent', variant: 'success' }),
  });
  return (
    <>
      <Link
        href={paths.userProjects}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All projects
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`project ${reference}`}>
          {(project) => (
            <div className="grid gap-6">
              <div>
                <h1 className="text-3xl font-extrabold [overflow-wrap:anywhere] text-ink">
                  {project.title}
                </h1>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                  <span className="font-mono font-semibold text-ink">{project.reference}</span>·
                  <span>started {formatDate(project.createdAt)}</span>
                  <StageBadge stage={project.stage} />
                </p>
              </div>
              <section aria-labelledby="stage-heading" className="grid gap-3">
                <h2 id="stage-heading" className="text-lg font-bold text-ink">
                  {projectStageLabels[project.stage]}: {projectStageNotes[project.stage]}
                </h2>
                <StageProgress stage={project.stage} dueDates={project.dueDates} />
                {project.approvedAt && (
                  <p className="text-sm text-green-900">
                    You approved the website on {formatDate(project.approvedAt)}.
                  </p>
                )}
              </section>
              {project.stage === 'review' && <ReviewApproval project={project} />}
              <Card>
                <ContentChecklist key={project.reference} project={project} />
              </Card>
              <section aria-labelledby="comments-heading" className="grid gap-4">
                <h2 id="comments-heading" className="text-lg font-bold text-ink">
                  Comments
                </h2>
                <Comments comments={project.comments} viewer="customer" />
                <Card>
                  <CommentForm
                    label="Your comment"
                    hint="Our project team is e-mailed and answers here."
                    busy={comment.isPending}
                    send={(input) => comment.mutateAsync({ reference, comment: input })}
                  />
                </Card>
              </section>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
