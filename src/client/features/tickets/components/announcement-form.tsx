import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  announcementBodyMax,
  announcementInputSchema,
  announcementKindExplanations,
  announcementKindLabels,
  announcementKinds,
  announcementTitleMax,
  toSaDateTimeInput,
  type Announcement,
  type AnnouncementInput,
  type AnnouncementValues,
} from '#shared/announcements.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { FieldError } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useAnnouncementPreview } from '../api/preview-announcement.ts';
import { useSaveAnnouncement } from '../api/save-announcement.ts';
import { AnnouncementBody } from './announcement-body.tsx';

/** The text a moment after typing stops, so the preview is not asked for at every key. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Preview({ markdown }: { markdown: string }) {
  const settled = useSettled(markdown);
  const preview = useAnnouncementPreview(settled);
  return (
    <section aria-labelledby="announcement-preview-title" className="grid content-start gap-2">
      <h3 id="announcement-preview-title" className="text-sm font-semibold text-ink">
        Preview
      </h3>
      <div
        aria-live="polite"
        className="min-h-32 rounded-lg border border-dashed border-line bg-white p-4"
      >
        {settled.trim() === '' ? (
          <p className="text-sm text-muted">The announcement appears here as customers see it.</p>
        ) : preview.isError ? (
          <p role="alert" className="text-sm">
            No preview just now: {preview.error.message}
          </p>
        ) : preview.data ? (
          <AnnouncementBody html={preview.data.html} className="text-sm" />
        ) : (
          <Spinner label="Making the preview" />
        )}
      </div>
    </section>
  );
}

const mailHint = (announcement: Announcement | null): string => {
  const mailing = announcement?.mailing;
  if (mailing && (mailing.state === 'mailing' || mailing.state === 'mailed')) {
    return `Already mailed to ${mailing.mailed} customers; nobody is mailed twice. Untick it to stop what is left of the mailing.`;
  }
  return 'Mailed from its start (at once if it has started), a batch of customers a minute. Service news goes to every customer with a confirmed address; news and offers only to those who did not unsubscribe.';
};

/** Creates an announcement, or changes `announcement`; the server checks everything again. */
export function AnnouncementForm({
  announcement,
  onDone,
}: {
  announcement: Announcement | null;
  onDone: () => void;
}) {
  const form = useForm<AnnouncementInput, unknown, AnnouncementValues>({
    resolver: zodResolver(announcementInputSchema),
    defaultValues: {
      title: announcement?.title ?? '',
      kind: announcement?.kind ?? 'service',
      bodyMarkdown: announcement?.bodyMarkdown ?? '',
      startsAt: toSaDateTimeInput(announcement?.startsAt ?? new Date().toISOString()),
      endsAt: announcement?.endsAt ? toSaDateTimeInput(announcement.endsAt) : '',
      mailCustomers: announcement?.mailCustomers ?? false,
    },
  });
  const errors = form.formState.errors;
  const save = useSaveAnnouncement({
    onSuccess: (saved) => {
      toast({
        title: announcement ? 'Announcement saved' : 'Announcement published',
        description: saved.title,
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Announcement not saved'),
  });
  // The form opens above the list: taking the focus brings it into view.
  useEffect(() => form.setFocus('title'), [form]);
  const markdown = useWatch({ control: form.control, name: 'bodyMarkdown' });

  return (
    <form
      noValidate
      aria-labelledby="announcement-form-title"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => save.mutate({ id: announcement?.id, values }))}
    >
      <h2 id="announcement-form-title" className="text-lg font-bold text-ink">
        {announcement ? `Change “${announcement.title}”` : 'New announcement'}
      </h2>
      <FormField
        id="announcement-title"
        label="Title"
        hint="Also the subject of the mail, e.g. “Planned maintenance on Saturday”."
        maxLength={announcementTitleMax}
        autoComplete="off"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Kind</legend>
        {announcementKinds.map((kind) => (
          <label key={kind} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              value={kind}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              aria-describedby={`announcement-kind-${kind}-hint`}
              {...form.register('kind')}
            />
            <span>
              <span className="font-semibold text-ink">{announcementKindLabels[kind]}</span>
              <span id={`announcement-kind-${kind}-hint`} className="block text-muted">
                {announcementKindExplanations[kind]}
              </span>
            </span>
          </label>
        ))}
        <FieldError id="announcement-kind-error" message={errors.kind?.message} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="announcement-starts"
          type="datetime-local"
          label="Shown from"
          hint="South African time."
          error={errors.startsAt?.message}
          {...form.register('startsAt')}
        />
        <FormField
          id="announcement-ends"
          type="datetime-local"
          label="Shown until (optional)"
          hint="Leave empty to show it until you change or delete it."
          error={errors.endsAt?.message}
          {...form.register('endsAt')}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TextareaField
          id="announcement-body"
          label="Announcement"
          rows={10}
          maxLength={announcementBodyMax}
          hint="Markdown: **bold**, *italic*, [a link](https://…), lists with “- ”, a blank line between paragraphs."
          error={errors.bodyMarkdown?.message}
          {...form.register('bodyMarkdown')}
        />
        <Preview markdown={markdown} />
      </div>
      <div className="grid gap-1 rounded-lg border border-line bg-surface p-3">
        <label className="flex items-start gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            aria-describedby="announcement-mail-hint"
            {...form.register('mailCustomers')}
          />
          <span>Mail it to customers</span>
        </label>
        <p id="announcement-mail-hint" className="pl-6 text-sm text-muted">
          {mailHint(announcement)}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : announcement ? 'Save changes' : 'Publish announcement'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
