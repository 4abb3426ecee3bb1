import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  helpArticleInputSchema,
  helpBodyMax,
  helpSlugMax,
  helpSummaryMax,
  helpTitleMax,
  slugOf,
  type AdminHelpArticle,
  type HelpArticleInput,
  type HelpArticleValues,
} from '#shared/help-centre.schemas.ts';
import { helpArticlePath } from '#shared/routes.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MarkdownHtml } from '../../../components/markdown-html.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useDeleteHelpArticle } from '../api/delete-help-article.ts';
import { useHelpPreview } from '../api/preview-help-article.ts';
import { useSaveHelpArticle } from '../api/save-help-article.ts';
import { useSetHelpArticleStatus } from '../api/set-help-article-status.ts';

function MarkdownPreview({ markdown }: { markdown: string }) {
  const preview = useHelpPreview(markdown, true);
  if (markdown.trim() === '') return <p className="text-sm text-muted">Nothing to preview yet.</p>;
  if (preview.isPending) return <Spinner label="Preparing the preview" />;
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        No preview: {preview.error.message}
      </p>
    );
  }
  return <MarkdownHtml html={preview.data.html} />;
}

/**
 * Writes a help article or changes `article`: title, address (suggested from the title until it
 * is typed), topic, summary and the Markdown body with a preview of what visitors will see. A new
 * article is saved as a draft or published at once; a published one can be taken back to draft.
 */
export function HelpArticleForm({
  article,
  categories,
  onDone,
}: {
  article: AdminHelpArticle | null;
  categories: { slug: string; name: string }[];
  onDone: () => void;
}) {
  const form = useForm<HelpArticleInput, unknown, HelpArticleValues>({
    resolver: zodResolver(helpArticleInputSchema),
    defaultValues: {
      title: article?.title ?? '',
      slug: article?.slug ?? '',
      categorySlug: article?.categorySlug ?? categories[0]?.slug ?? '',
      summary: article?.summary ?? '',
      bodyMarkdown: article?.bodyMarkdown ?? '',
    },
  });
  const errors = form.formState.errors;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  // The slug follows the title until someone types one (an article's own is never changed).
  const [slugTouched, setSlugTouched] = useState(article !== null);
  const title = useWatch({ control: form.control, name: 'title' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const body = useWatch({ control: form.control, name: 'bodyMarkdown' });
  useEffect(() => {
    if (!slugTouched) form.setValue('slug', slugOf(title));
  }, [form, slugTouched, title]);
  useEffect(() => form.setFocus('title'), [form]);

  const save = useSaveHelpArticle();
  const status = useSetHelpArticleStatus();
  const remove = useDeleteHelpArticle({
    onSuccess: (deleted) => {
      toast({ title: 'Article deleted', description: deleted.title, variant: 'success' });
      onDone();
    },
    onError: (error) =>
      toast({ title: 'Not deleted', description: error.message, variant: 'destructive' }),
  });
  const pending = save.isPending || status.isPending || remove.isPending;

  const submit = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        let saved = await save.mutateAsync({ id: article?.id, values });
        if (publish && saved.status !== 'published') {
          saved = await status.mutateAsync({ id: saved.id, status: 'published' });
        }
        toast({
          title: saved.status === 'published' ? 'Article published' : 'Draft saved',
          description: saved.title,
          variant: 'success',
        });
        onDone();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) {
          form.setError('slug', { message: error.message }, { shouldFocus: true });
        } else if (error instanceof Error) {
          showFieldIssues(error, form.setError, 'Article not saved');
        }
      }
    });

  const unpublish = () =>
    article &&
    status.mutate(
      { id: article.id, status: 'draft' },
      {
        onSuccess: (saved) => {
          toast({ title: 'Article unpublished', description: saved.title, variant: 'success' });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Not unpublished', description: error.message, variant: 'destructive' }),
      },
    );

  const published = article?.status === 'published';
  return (
    <form
      noValidate
      aria-labelledby="help-article-form-title"
      className="grid gap-5"
      onSubmit={(event) => void submit(false)(event)}
    >
      <h2 id="help-article-form-title" className="text-lg font-bold text-ink">
        {article ? `Change “${article.title}”` : 'New help article'}
      </h2>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <FormField
          id="help-title"
          label="Title"
          maxLength={helpTitleMax}
          autoComplete="off"
          error={errors.title?.message}
          {...form.register('title')}
        />
        <FormField
          id="help-slug"
          label="Address"
          hint={`The page's address: ${helpArticlePath(slug || 'your-article')}`}
          maxLength={helpSlugMax}
          autoComplete="off"
          error={errors.slug?.message}
          {...form.register('slug', { onChange: () => setSlugTouched(true) })}
        />
        <div className="grid content-start gap-1.5">
          <Label htmlFor="help-category">Topic</Label>
          <Select
            id="help-category"
            aria-invalid={errors.categorySlug ? true : undefined}
            aria-describedby={errors.categorySlug ? 'help-category-error' : undefined}
            {...form.register('categorySlug')}
          >
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </Select>
          <FieldError id="help-category-error" message={errors.categorySlug?.message} />
        </div>
        <FormField
          id="help-summary"
          label="Summary"
          hint="One sentence: shown under the title and to search engines."
          maxLength={helpSummaryMax}
          autoComplete="off"
          error={errors.summary?.message}
          {...form.register('summary')}
        />
      </div>
      <div className="grid gap-2">
        <div role="tablist" aria-label="Article body" className="flex gap-1 border-b border-line">
          {(['write', 'preview'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`help-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`help-panel-${name}`}
              className={cn(
                '-mb-px border-b-2 px-4 py-2 text-sm font-semibold',
                tab === name ? 'border-brand-700 text-ink' : 'border-transparent text-muted',
              )}
              onClick={() => setTab(name)}
            >
              {name === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id="help-panel-write"
          aria-labelledby="help-tab-write"
          hidden={tab !== 'write'}
        >
          <TextareaField
            id="help-body"
            label="Article (Markdown)"
            rows={16}
            maxLength={helpBodyMax}
            className="font-mono text-sm"
            hint="## for a heading, **bold**, - for a list, [text](https://…) for a link. Scripts and styles are removed."
            error={errors.bodyMarkdown?.message}
            {...form.register('bodyMarkdown')}
          />
        </div>
        <div
          role="tabpanel"
          id="help-panel-preview"
          aria-labelledby="help-tab-preview"
          hidden={tab !== 'preview'}
          className="min-h-40 rounded-xl border border-line bg-white p-4"
        >
          {tab === 'preview' && <MarkdownPreview markdown={body} />}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={published ? 'default' : 'outline'} disabled={pending}>
          {published ? 'Save changes' : 'Save draft'}
        </Button>
        {!published && (
          <Button type="button" disabled={pending} onClick={(event) => void submit(true)(event)}>
            Publish
          </Button>
        )}
        {published && (
          <Button type="button" variant="outline" disabled={pending} onClick={unpublish}>
            Unpublish
          </Button>
        )}
        {article && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" disabled={pending}>
                Delete
              </Button>
            }
            title={`Delete “${article.title}”?`}
            confirmLabel="Delete the article"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(article.id)}
          >
            It disappears from the help centre at once, and links to it stop working.
          </ConfirmDialog>
        )}
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
