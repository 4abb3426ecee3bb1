import { useRef, useState } from 'react';
import { FileDown } from 'lucide-react';
import { formatNumber } from '#shared/numbers.ts';
import { MAX_UPLOAD_BYTES, uploadTypesText, type Upload } from '#shared/uploads.schemas.ts';
import { Button } from './ui/button.tsx';
import { FieldError, Label } from './ui/label.tsx';

/** The file picker's filter for every kind of upload (the server checks the content). */
export const anyUpload = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.docx,.xlsx,.txt';
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(bytes / 1024 / 1024, 1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Picks a file and hands it to `onUpload`; a file over the size limit is refused before it is
 * sent. The server checks the content and says why it refuses anything else (`error`). `accept`
 * and `types` narrow the picker and its hint (e.g. PDFs and images only).
 */
export function FileUpload({
  id,
  label,
  pending,
  error,
  onUpload,
  accept = anyUpload,
  types = uploadTypesText,
}: {
  id: string;
  label: string;
  pending: boolean;
  error?: string | undefined;
  onUpload: (file: File) => void;
  accept?: string;
  types?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState<string | undefined>();
  const message = tooLarge ?? error;
  return (
    <form
      className="grid min-w-0 gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const file = input.current?.files?.[0];
        if (!file) return;
        if (file.size > MAX_UPLOAD_BYTES) {
          setTooLarge(`${file.name} is ${sizeText(file.size)}; files can be up to 10 MB.`);
          return;
        }
        setTooLarge(undefined);
        onUpload(file);
        input.current!.value = '';
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          aria-invalid={message ? true : undefined}
          className="w-full min-w-0 text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-700"
        />
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {pending ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {types}, up to 10 MB.
      </p>
      <FieldError id={`${id}-error`} message={message} />
    </form>
  );
}

type ListedFile = Pick<Upload, 'id' | 'filename' | 'sizeBytes'>;

/** Uploaded files as download links, with their size. */
export function FileLinks<File extends ListedFile>({
  files,
  hrefOf,
  label,
}: {
  files: File[];
  hrefOf: (file: File) => string;
  /** Names the list for screen readers, e.g. "Proofs of payment sent". */
  label?: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="grid gap-1" aria-label={label}>
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
          <a
            href={hrefOf(file)}
            download={file.filename}
            className="inline-flex min-w-0 items-center gap-1 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
          >
            <FileDown className="size-4 shrink-0" aria-hidden="true" />
            {file.filename}
          </a>
          <span className="text-muted">{sizeText(file.sizeBytes)}</span>
        </li>
      ))}
    </ul>
  );
}
