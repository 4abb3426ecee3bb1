import { cn } from '../../../lib/cn.ts';

/**
 * An announcement's text: HTML the server made from the team's Markdown through its sanitiser
 * (no script, style or event attribute survives it), styled for reading.
 */
export function AnnouncementBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'grid gap-3 text-ink [overflow-wrap:anywhere]',
        '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline',
        '[&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-bold [&_h4]:font-semibold',
        '[&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3',
        '[&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_pre]:overflow-x-auto',
        '[&_img]:max-w-full [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-line [&_td]:px-2 [&_th]:border [&_th]:border-line [&_th]:px-2',
        className,
      )}
      // Sanitised on the server (src/server/lib/markdown.ts) when the announcement was saved.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
