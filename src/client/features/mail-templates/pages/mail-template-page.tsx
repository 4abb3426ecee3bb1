import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  mailTemplateBodyMax,
  mailTemplateSubjectMax,
  mailTemplateTextSchema,
  type MailTemplateDetail,
  type MailTemplateText,
} from '#shared/mail-templates.schemas.ts';
import { paths } from '#shared/routes.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { insertAtCursor } from '../../../lib/insert-at-cursor.ts';
import { useMailTemplate } from '../api/get-mail-templates.ts';
import {
  useMailTemplatePreview,
  useResetMailTemplate,
  useSaveMailTemplate,
  useSendTestMail,
} from '../api/save-mail-template.ts';
import { MailPreview } from '../components/mail-preview.tsx';

type Field = keyof MailTemplateText;
const fieldIds: Record<Field, string> = {
  subject: 'mail-template-subject',
  body: 'mail-template-body',
};

function TemplateEditor({ template }: { template: MailTemplateDetail }) {
  const form = useForm<MailTemplateText>({
    resolver: zodResolver(mailTemplateTextSchema),
    defaultValues: template.current,
  });
  const errors = form.formState.errors;
  // What the server refused (a placeholder, a required wording), said in the page and not only
  // in a toast: the owner fixes it in the text beside it.
  const [problem, setProblem] = useState<string | null>(null);
  const refuse = (title: string) => (error: Error) => {
    setProblem(error.message);
    toast({ title, description: error.message, variant: 'destructive' });
  };
  const preview = useMailTemplatePreview({ onError: refuse('No preview') });
  const save = useSaveMailTemplate({
    onSuccess: (saved) => {
      setProblem(null);
      form.reset(saved.current);
      toast({
        title: 'Template saved',
        description: 'The next mail of this kind uses these words.',
        variant: 'success',
      });
    },
    onError: refuse('Template not saved'),
  });
  const reset = useResetMailTemplate({
    onSuccess: (saved) => {
      setProblem(null);
      form.reset(saved.current);
      preview.mutate({ key: template.key, text: saved.current });
      toast({ title: 'Back to the shipped text', variant: 'success' });
    },
    onError: refuse('Not reset'),
  });
  const test = useSendTestMail({
    onSuccess: ({ sentTo }) =>
      toast({ title: 'Test mail sent', description: `To ${sentTo}.`, variant: 'success' }),
    onError: refuse('Test mail not sent'),
  });

  const { mutate: showPreview } = preview;
  // The mail as it stands, shown as soon as the page opens.
  useEffect(
    () => showPreview({ key: template.key, text: template.current }),
    [showPreview, template],
  );

  // Placeholders go into the field that last had the cursor (the body until then).
  const [lastField, setLastField] = useState<Field>('body');
  const register = (field: Field) => ({
    ...form.register(field),
    onFocus: () => setLastField(field),
  });
  const insert = (name: string) => {
    const element = document.getElementById(fieldIds[lastField]);
    insertAtCursor(
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? element
        : null,
      form.getValues(lastField),
      `{${name}}`,
      (value) => form.setValue(lastField, value, { shouldDirty: true }),
    );
  };

  const withText = (run: (text: MailTemplateText) => void) =>
    form.handleSubmit((text) => {
      setProblem(null);
      run(text);
    });

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card padding="tight" className="sm:p-6">
        <form
          noValidate
          aria-label={`The words of “${template.name}”`}
          className="grid gap-5"
          onSubmit={withText((text) => save.mutate({ key: template.key, text }))}
        >
          <FormField
            id={fieldIds.subject}
            label="Subject"
            maxLength={mailTemplateSubjectMax}
            autoComplete="off"
            error={errors.subject?.message}
            {...register('subject')}
          />
          <TextareaField
            id={fieldIds.body}
            label="Text"
            rows={12}
            maxLength={mailTemplateBodyMax}
            hint="The first line is the greeting; an empty line starts a new paragraph."
            error={errors.body?.message}
            {...register('body')}
          />
          {(template.action ?? template.footnote) && (
            <p className="text-sm text-muted">
              {template.action && <>The button “{template.action}” </>}
              {template.action && template.footnote && 'and '}
              {template.footnote && (
                <>
                  {template.action ? 'the' : 'The'} note “{template.footnote}”{' '}
                </>
              )}
              {template.action && template.footnote
                ? 'are added under the text: they belong'
                : 'is added under the text: it belongs'}{' '}
              to what the mail does.
            </p>
          )}
          {problem && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={preview.isPending}
              onClick={withText((text) => preview.mutate({ key: template.key, text }))}
            >
              Preview
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={test.isPending}
              onClick={withText((text) => test.mutate({ key: template.key, text }))}
            >
              {test.isPending ? 'Sending…' : 'Send me a test'}
            </Button>
            {template.edited && (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="ghost" disabled={reset.isPending}>
                    Reset to the shipped text
                  </Button>
                }
                title="Go back to the shipped text?"
                confirmLabel="Reset the template"
                pending={reset.isPending}
                onConfirm={() => reset.mutate(template.key)}
              >
                Your words for “{template.name}” are removed; the next mail uses the text the site
                came with.
              </ConfirmDialog>
            )}
          </div>
        </form>
        <fieldset className="mt-6 grid gap-2">
          <legend className="text-sm font-semibold text-ink">Variables you can use</legend>
          <ul className="grid gap-2">
            {template.variables.map((variable) => (
              <li
                key={variable.name}
                className="flex flex-wrap items-center gap-2 text-sm text-muted"
              >
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="font-mono"
                  aria-label={`Insert {${variable.name}}: ${variable.description}`}
                  onClick={() => insert(variable.name)}
                >
                  {`{${variable.name}}`}
                </Button>
                <span>{variable.description}</span>
              </li>
            ))}
          </ul>
        </fieldset>
        {template.required.length > 0 && (
          <div className="mt-6 grid gap-2">
            <h2 className="text-sm font-semibold text-ink">What the text must keep</h2>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted">
              {template.required.map((rule) => (
                <li key={`${rule.in}-${rule.placeholder}`}>
                  <code className="font-mono text-ink">{`{${rule.placeholder}}`}</code> in the{' '}
                  {rule.in}: {rule.why}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      <Card padding="tight" className="sm:p-6">
        <MailPreview preview={preview.data} pending={preview.isPending} />
      </Card>
    </div>
  );
}

/** /admin/mail-templates/{key}: the owner rewords one mail, previews it and tries it out. */
export function MailTemplatePage() {
  const { key = '' } = useParams<{ key: string }>();
  const query = useMailTemplate(key);
  return (
    <div className="grid gap-6">
      <Link
        href={paths.adminMailTemplates}
        className="justify-self-start text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All e-mail templates
      </Link>
      <QueryState query={query} label="the template">
        {(template) => (
          <>
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-3">
                <h2 className="text-xl font-bold text-ink">{template.name}</h2>
                <StatusBadge status={template.edited ? 'active' : 'shipped'}>
                  {template.edited && template.updatedAt
                    ? `Your words since ${formatDate(template.updatedAt)}`
                    : 'Shipped text'}
                </StatusBadge>
              </div>
              <p className="text-sm text-muted">
                To {template.audience === 'customer' ? 'the customer' : 'the team'}.{' '}
                {template.sentWhen}
              </p>
            </div>
            <TemplateEditor key={template.updatedAt ?? 'shipped'} template={template} />
          </>
        )}
      </QueryState>
    </div>
  );
}
