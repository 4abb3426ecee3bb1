import { X } from 'lucide-react';
import { maxNewTicketFiles, type TicketFile } from '#shared/tickets.schemas.ts';
import { MAX_UPLOAD_BYTES, uploadTypesText } from '#shared/uploads.schemas.ts';
import { anyUpload, sizeText } from '../../../components/file-upload.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';

/** A picked file as the API takes it: its name and its bytes in base64. */
export async function encodeFile(file: File): Promise<TicketFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: spreading megabytes into one call would overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return { filename: file.name, content: btoa(binary) };
}

/**
 * Why the picked files cannot be sent as they are (too many, one too large), or undefined. The
 * server checks each file's content again and names the one it refuses.
 */
export function pickedFilesProblem(files: File[]): string | undefined {
  if (files.length > maxNewTicketFiles) return `Attach at most ${maxNewTicketFiles} files.`;
  const large = files.find((file) => file.size > MAX_UPLOAD_BYTES);
  return large ? `${large.name} is ${sizeText(large.size)}; files can be up to 10 MB.` : undefined;
}

/** Files for a message, picked before it is sent: added in one or more goes, each removable. */
export function TicketFilePicker({
  id,
  files,
  onChange,
  error,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string | undefined;
}) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>Files (optional)</Label>
      <input
        id={id}
        type="file"
        multiple
        accept={anyUpload}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        // The browser's "No file chosen" would contradict the list below: only its button shows.
        className="w-full min-w-0 text-sm text-transparent file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-700"
        onChange={(event) => {
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          // The same file may be picked again after it was removed.
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        Up to {maxNewTicketFiles} files: {uploadTypesText}, up to 10 MB each.
      </p>
      {files.length > 0 && (
        <ul className="grid gap-1" aria-label="Files to send">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2 text-sm">
              <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-ink">
                {file.name}
              </span>
              <span className="shrink-0 text-muted">{sizeText(file.size)}</span>
              <button
                type="button"
                className="ml-auto inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-slate-100 hover:text-ink"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
