import { formatDateTime } from '#shared/dates.ts';
import type { TicketMessage } from '#shared/tickets.schemas.ts';
import type { Upload } from '#shared/uploads.schemas.ts';
import { FileLinks } from '../../../components/file-upload.tsx';
import { cn } from '../../../lib/cn.ts';

type Message = TicketMessage & { internal?: boolean };

/** The files a message came with: links where the viewer may download them, else their names. */
function MessageFiles({ files, hrefOf }: { files: Upload[]; hrefOf?: (file: Upload) => string }) {
  if (files.length === 0) return null;
  return (
    <div className="mt-3 border-t border-line pt-3">
      {hrefOf ? (
        <FileLinks files={files} hrefOf={hrefOf} label="Files sent with this message" />
      ) : (
        <ul className="grid gap-1 text-sm text-muted" aria-label="Files sent with this message">
          {files.map((file) => (
            <li key={file.id}>{file.filename}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A ticket's messages, oldest first. `viewer` says whose side is "you": the customer's messages
 * sit on one side, the support team's on the other; internal notes (back office only) are marked.
 * Files that came with a message are shown inside it (`fileHref`: where one is downloaded).
 */
export function Conversation({
  messages,
  viewer,
  fileHref,
}: {
  messages: Message[];
  viewer: 'customer' | 'staff';
  fileHref?: (file: Upload) => string;
}) {
  return (
    <ol aria-label="Conversation" className="grid gap-4">
      {messages.map((message) => {
        const mine = message.author === viewer;
        const who =
          message.author === 'staff'
            ? viewer === 'staff'
              ? message.authorName
              : `${message.authorName} (Support team)`
            : viewer === 'customer'
              ? 'You'
              : message.authorName;
        return (
          <li key={message.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={message.internal ? `Internal note by ${who}` : `Message from ${who}`}
              className={cn(
                'w-full max-w-2xl rounded-2xl border p-4 sm:w-[85%]',
                message.internal
                  ? 'border-dashed border-amber-400 bg-amber-50'
                  : mine
                    ? 'border-brand-200 bg-brand-50'
                    : 'border-line bg-white',
              )}
            >
              <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold text-ink">
                  {message.internal && (
                    <span className="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold text-amber-950 uppercase">
                      Internal note
                    </span>
                  )}
                  {who}
                </span>
                <time className="text-muted" dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt)}
                </time>
              </header>
              <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere] text-ink">
                {message.body}
              </p>
              <MessageFiles files={message.files} {...(fileHref ? { hrefOf: fileHref } : {})} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
