import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  mailFooterMax,
  mailLayoutInputSchema,
  type MailLayout,
  type MailLayoutInput,
  type MailLayoutValues,
} from '#shared/mail-templates.schemas.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useMailLayoutPreview, useSaveMailLayout } from '../api/mail-layout.ts';
import { MailPreview } from './mail-preview.tsx';

const formValues = (layout: MailLayout): MailLayoutInput => ({
  logoUrl: layout.logoUrl ?? '',
  brandColour: layout.brandColour,
  accentColour: layout.accentColour,
  footer: layout.footer,
});

/** The look of every mail: logo, colours and the footer with the company's legal details. */
export function MailLayoutForm({ layout }: { layout: MailLayout }) {
  const form = useForm<MailLayoutInput, unknown, MailLayoutValues>({
    resolver: zodResolver(mailLayoutInputSchema),
    defaultValues: formValues(layout),
  });
  const errors = form.formState.errors;
  const [brandColour, accentColour] = useWatch({
    control: form.control,
    name: ['brandColour', 'accentColour'],
  });
  const picked = { brandColour, accentColour };
  const preview = useMailLayoutPreview({
    onError: (error) => showFieldIssues(error, form.setError, 'No preview'),
  });
  const save = useSaveMailLayout({
    onSuccess: (saved) => {
      form.reset(formValues(saved));
      preview.mutate(formValues(saved));
      toast({
        title: saved.edited ? 'Layout saved' : 'Back to the shipped layout',
        description: 'Every mail from now on looks like the preview.',
        variant: 'success',
      });
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Layout not saved'),
  });
  const { mutate: showPreview } = preview;
  useEffect(() => showPreview(formValues(layout)), [showPreview, layout]);

  const colourField = (name: 'brandColour' | 'accentColour', label: string, hint: string) => (
    <div className="grid grid-cols-[minmax(0,1fr)_3rem] items-end gap-2">
      <FormField
        id={`mail-layout-${name}`}
        label={label}
        hint={hint}
        autoComplete="off"
        spellCheck={false}
        error={errors[name]?.message}
        {...form.register(name)}
      />
      <input
        type="color"
        aria-label={`Pick the ${label.toLowerCase()}`}
        className="mb-7 h-10 w-12 cursor-pointer rounded-md border border-line bg-white"
        value={/^#[0-9a-f]{6}$/i.test(picked[name]) ? picked[name] : '#000000'}
        onChange={(event) => form.setValue(name, event.target.value, { shouldDirty: true })}
      />
    </div>
  );

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form
        noValidate
        aria-labelledby="mail-layout-title"
        className="grid content-start gap-5"
        onSubmit={form.handleSubmit((values) =>
          save.mutate({ ...values, logoUrl: values.logoUrl ?? '' }),
        )}
      >
        <h2 id="mail-layout-title" className="text-lg font-bold text-ink">
          The look of every mail
        </h2>
        <FormField
          id="mail-layout-logo"
          label="Logo address (optional)"
          hint="An https:// address of your logo image; without one the mail shows the company name."
          inputMode="url"
          autoComplete="off"
          error={errors.logoUrl?.message}
          {...form.register('logoUrl')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {colourField('brandColour', 'Heading colour', 'The company name at the top.')}
          {colourField('accentColour', 'Button colour', 'Buttons, with white text on them.')}
        </div>
        <TextareaField
          id="mail-layout-footer"
          label="Footer"
          rows={5}
          maxLength={mailFooterMax}
          hint={
            <>
              One line per line: your registered name, registration and VAT numbers, address. You
              can use {layout.placeholders.map((name) => `{${name}}`).join(', ')}.
            </>
          }
          error={errors.footer?.message}
          {...form.register('footer')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save the layout'}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={preview.isPending}
            onClick={form.handleSubmit((values) =>
              preview.mutate({ ...values, logoUrl: values.logoUrl ?? '' }),
            )}
          >
            Preview
          </Button>
          {layout.edited && (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="ghost" disabled={save.isPending}>
                  Reset to the shipped layout
                </Button>
              }
              title="Go back to the shipped layout?"
              confirmLabel="Reset the layout"
              pending={save.isPending}
              onConfirm={() => save.mutate(null)}
            >
              Your logo, colours and footer are removed from every mail from now on.
            </ConfirmDialog>
          )}
        </div>
      </form>
      <MailPreview preview={preview.data} pending={preview.isPending} />
    </div>
  );
}
