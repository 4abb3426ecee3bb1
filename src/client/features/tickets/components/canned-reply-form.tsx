import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  cannedReplyBodyMax,
  cannedReplyInputSchema,
  cannedReplyPlaceholderLabels,
  cannedReplyPlaceholders,
  cannedReplyTitleMax,
  type CannedReply,
  type CannedReplyInput,
  type CannedReplyPlaceholder,
  type CannedReplyValues,
} from '#shared/canned-replies.schemas.ts';
import { departmentIds, departmentLabels } from '#shared/ticket-desk.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { insertAtCursor } from '../../../lib/insert-at-cursor.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useSaveCannedReply } from '../api/save-canned-reply.ts';

/** Creates a canned reply, or changes `reply`; the server checks the placeholders again. */
export function CannedReplyForm({
  reply,
  onDone,
}: {
  reply: CannedReply | null;
  onDone: () => void;
}) {
  const form = useForm<CannedReplyInput, unknown, CannedReplyValues>({
    resolver: zodResolver(cannedReplyInputSchema),
    defaultValues: {
      title: reply?.title ?? '',
      body: reply?.body ?? '',
      departmentId: reply?.departmentId ?? '',
    },
  });
  const errors = form.formState.errors;
  const save = useSaveCannedReply({
    onSuccess: (saved) => {
      toast({
        title: reply ? 'Canned reply saved' : 'Canned reply created',
        description: saved.title,
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Canned reply not saved'),
  });
  // The form opens above the list: taking the focus brings it into view.
  useEffect(() => form.setFocus('title'), [form]);
  const bodyField = form.register('body');
  const bodyElement = useRef<HTMLTextAreaElement | null>(null);

  const insertPlaceholder = (name: CannedReplyPlaceholder) =>
    insertAtCursor(bodyElement.current, form.getValues('body'), `{${name}}`, (value) =>
      form.setValue('body', value, { shouldDirty: true }),
    );

  return (
    <form
      noValidate
      aria-labelledby="canned-reply-form-title"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => save.mutate({ id: reply?.id, values }))}
    >
      <h2 id="canned-reply-form-title" className="text-lg font-bold text-ink">
        {reply ? `Change “${reply.title}”` : 'New canned reply'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <FormField
          id="canned-reply-title"
          label="Title"
          hint="What the team picks it by, e.g. “Password reset”."
          maxLength={cannedReplyTitleMax}
          autoComplete="off"
          error={errors.title?.message}
          {...form.register('title')}
        />
        <div className="grid content-start gap-1.5">
          <Label htmlFor="canned-reply-department">Offered first on</Label>
          <Select id="canned-reply-department" {...form.register('departmentId')}>
            <option value="">Every department</option>
            {departmentIds.map((id) => (
              <option key={id} value={id}>
                {departmentLabels[id]} tickets
              </option>
            ))}
          </Select>
        </div>
      </div>
      <TextareaField
        id="canned-reply-body"
        label="Reply"
        rows={8}
        maxLength={cannedReplyBodyMax}
        hint="Placeholders in braces are filled in when the reply is inserted on a ticket."
        error={errors.body?.message}
        {...bodyField}
        ref={(element) => {
          bodyField.ref(element);
          bodyElement.current = element;
        }}
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-ink">Placeholders you can use</legend>
        <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {cannedReplyPlaceholders.map((name) => (
            <li key={name} className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="font-mono"
                aria-label={`Insert {${name}}: ${cannedReplyPlaceholderLabels[name]}`}
                onClick={() => insertPlaceholder(name)}
              >
                {`{${name}}`}
              </Button>
              <span>{cannedReplyPlaceholderLabels[name]}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : reply ? 'Save changes' : 'Create reply'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
