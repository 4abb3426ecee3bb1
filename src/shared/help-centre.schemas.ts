import { z } from 'zod';

// The help centre (issue 32 §3): articles in categories, written in Markdown by the team and
// shown to anyone once published.

/** The API paths, shared with the server so it can hand the page's data to the client (its query keys). */
export const helpApi = {
  index: '/api/help',
  article: (slug: string) => `/api/help/articles/${encodeURIComponent(slug)}`,
  search: '/api/help/search',
} as const;

export const helpSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const helpSlugMax = 80;
export const helpTitleMax = 120;
export const helpSummaryMax = 300;
export const helpBodyMax = 50_000;
export const helpSearchMin = 2;
export const helpSearchMax = 200;

/** A slug for a title: "Paying by EFT?" → "paying-by-eft" (the editor's suggestion). */
export const slugOf = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, helpSlugMax)
    .replace(/-+$/, '');

export const helpArticleStatuses = ['draft', 'published'] as const;
export type HelpArticleStatus = (typeof helpArticleStatuses)[number];

const slugField = z
  .string({ error: 'Enter a slug' })
  .trim()
  .min(2, 'Enter a slug of at least 2 characters')
  .max(helpSlugMax, `Keep the slug to ${helpSlugMax} characters`)
  .regex(helpSlugPattern, 'Use lowercase letters, digits and single hyphens in the slug');

/** GET /api/help/articles/{slug}: any address that is not an article's is a 404 (no such article). */
export const helpSlugParams = z.object({ slug: z.string().max(200) });

/** GET /api/help/search?q=: what the visitor typed, trimmed. */
export const helpSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type what you are looking for' })
    .trim()
    .min(helpSearchMin, `Type at least ${helpSearchMin} characters to search`)
    .max(helpSearchMax, `Keep the search to ${helpSearchMax} characters`),
});

/** An article as the index and the search list it. */
export const helpArticleLinkSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleLink = z.infer<typeof helpArticleLinkSchema>;

const categoryFields = { slug: z.string(), name: z.string(), description: z.string() };

/** GET /api/help: the categories in order, each with its published articles. */
export const helpIndexSchema = z.object({
  categories: z.array(z.object({ ...categoryFields, articles: z.array(helpArticleLinkSchema) })),
});
export type HelpIndex = z.infer<typeof helpIndexSchema>;

/** GET /api/help/articles/{slug}: one published article, its body as sanitised HTML. */
export const helpArticleSchema = helpArticleLinkSchema.extend({
  html: z.string(),
  category: z.object(categoryFields),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

/**
 * GET /api/help/search: the best matches first. `snippet` is HTML: text escaped, the words that
 * matched in `<mark>`, nothing else.
 */
export const helpSearchResultsSchema = z.object({
  results: z.array(helpArticleLinkSchema.extend({ snippet: z.string(), category: z.string() })),
});
export type HelpSearchResults = z.infer<typeof helpSearchResultsSchema>;

/** The back office's editor: POST /api/admin/help/articles, PUT /api/admin/help/articles/{id}. */
export const helpArticleInputSchema = z.object({
  title: z
    .string({ error: 'Enter a title' })
    .trim()
    .min(3, 'Enter a title of at least 3 characters')
    .max(helpTitleMax, `Keep the title to ${helpTitleMax} characters`),
  slug: slugField,
  categorySlug: z.string({ error: 'Choose a category' }).min(1, 'Choose a category'),
  summary: z
    .string()
    .trim()
    .max(helpSummaryMax, `Keep the summary to ${helpSummaryMax} characters`)
    .default(''),
  bodyMarkdown: z
    .string({ error: 'Write the article' })
    .trim()
    .min(10, 'Write at least a sentence or two')
    .max(helpBodyMax, `Keep the article to ${helpBodyMax.toLocaleString('en-ZA')} characters`),
});
export type HelpArticleInput = z.input<typeof helpArticleInputSchema>;
export type HelpArticleValues = z.output<typeof helpArticleInputSchema>;

export const helpArticleIdParams = z.object({ id: z.uuid('Not a help article id') });

/** POST /api/admin/help/articles/{id}/status: publish, or take back to draft. */
export const helpArticleStatusSchema = z.object({
  status: z.enum(helpArticleStatuses, { error: 'Choose draft or published' }),
});

/** POST /api/admin/help/preview: Markdown in, the HTML a page would show out. */
export const helpPreviewInputSchema = z.object({
  markdown: z
    .string({ error: 'Send the Markdown to preview' })
    .max(helpBodyMax, `Keep the article to ${helpBodyMax.toLocaleString('en-ZA')} characters`),
});
export const helpPreviewSchema = z.object({ html: z.string() });

/** An article as the back office sees it, drafts included. */
export const adminHelpArticleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  bodyMarkdown: z.string(),
  categorySlug: z.string(),
  categoryName: z.string(),
  status: z.enum(helpArticleStatuses),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;

/** GET /api/admin/help/articles: every article, newest change first, and the categories to file them in. */
export const adminHelpListSchema = z.object({
  articles: z.array(adminHelpArticleSchema),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminHelpList = z.infer<typeof adminHelpListSchema>;

export const helpArticleDeletedSchema = z.object({ id: z.string(), title: z.string() });
