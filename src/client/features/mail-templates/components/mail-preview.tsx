import { useState } from 'react';
import type { MailPreview as Preview } from '#shared/mail-templates.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { MailHtml } from './mail-html.tsx';

/** A mail as its recipient sees it: the HTML part or the plain-text part, with the subject above. */
export function MailPreview({
  preview,
  pending,
}: {
  preview: Preview | undefined;
  pending: boolean;
}) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <section aria-labelledby="mail-preview-title" aria-busy={pending} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mail-preview-title" className="text-lg font-bold text-ink">
          Preview
        </h2>
        <div role="group" aria-label="Part of the mail" className="flex gap-1">
          <Button
            type="button"
            size="sm"
            variant={part === 'html' ? 'default' : 'outline'}
            aria-pressed={part === 'html'}
            onClick={() => setPart('html')}
          >
            As designed
          </Button>
          <Button
            type="button"
            size="sm"
            variant={part === 'text' ? 'default' : 'outline'}
            aria-pressed={part === 'text'}
            onClick={() => setPart('text')}
          >
            Plain text
          </Button>
        </div>
      </div>
      {preview ? (
        <>
          <p className="text-sm [overflow-wrap:anywhere] text-ink">
            <span className="font-semibold">Subject:</span> {preview.subject}
          </p>
          {part === 'html' ? (
            <MailHtml html={preview.html} label="The mail as designed, with sample values" />
          ) : (
            <pre
              tabIndex={0}
              aria-label="The mail's plain-text part, with sample values"
              className="max-h-[32rem] overflow-auto rounded-md border border-line bg-white p-4 text-sm whitespace-pre-wrap text-ink"
            >
              {preview.text}
            </pre>
          )}
          <p className="text-sm text-muted">Sample values stand in for a real customer’s.</p>
        </>
      ) : pending ? (
        <Spinner label="Preparing the preview" />
      ) : (
        <p className="text-sm text-muted">No preview yet.</p>
      )}
    </section>
  );
}
