import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// One parser of our own: no option another module sets on marked's shared instance reaches it.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown the team writes (help articles, announcements) as HTML safe to put in a page: marked
 * turns it into HTML, and sanitize-html keeps only text formatting, links, images, tables and
 * code — no script, style, frame, form, event attribute or `javascript:` link, whatever was typed.
 * Links that leave the site open in a new tab without handing it our window.
 */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'strong',
      'em',
      'del',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title'],
      th: ['align'],
      td: ['align'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    // A heading of level 1 is the page's own title: an article's "# x" becomes a section heading.
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? '');
        return {
          tagName,
          attribs: external
            ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
            : { ...attribs },
        };
      },
    },
  });
}
