import { cn } from '../lib/cn.ts';

/**
 * HTML the server made from the team's Markdown and sanitised (server/lib/markdown.ts), styled as
 * reading text. Only ever given that HTML: nothing else may reach `dangerouslySetInnerHTML`.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-3xl leading-relaxed text-ink',
        '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold [&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold',
        '[&_p]:mb-4 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mb-1',
        '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
        '[&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm [&_pre]:mb-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface [&_pre]:p-3',
        '[&_blockquote]:mb-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-muted',
        '[&_table]:mb-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-line [&_th]:bg-surface [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
        '[&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-6 [&_hr]:border-line',
        className,
      )}
      // Sanitised on the server when it was saved (or previewed).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
