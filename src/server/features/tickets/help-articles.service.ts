/**
 * The help centre's articles (issue 32 §3): the public index, one article, full-text search, and
 * the back office's editing. The Markdown is turned into sanitised HTML on every save, so a page
 * read never parses Markdown; every change is audited and announced (NOTIFY help_articles) so the
 * server-rendered help pages of every process are made again.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { helpArticles, helpCategories } from '#db/schema/index.ts';
import type {
  AdminHelpArticle,
  AdminHelpList,
  HelpArticle,
  HelpArticleStatus,
  HelpArticleValues,
  HelpIndex,
  HelpSearchResults,
} from '#shared/help-centre.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { markdownToSafeHtml } from '../../lib/markdown.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

/** The channel a committed change to an article is announced on. */
export const helpArticlesChannel = 'help_articles';

const published = eq(helpArticles.status, 'published');

/** GET /api/help: every category in order, with its published articles by title. */
export async function helpIndex(db: Db): Promise<HelpIndex> {
  const [categories, articles] = await Promise.all([
    db
      .select()
      .from(helpCategories)
      .orderBy(asc(helpCategories.position), asc(helpCategories.name)),
    db
      .select({
        categoryId: helpArticles.categoryId,
        slug: helpArticles.slug,
        title: helpArticles.title,
        summary: helpArticles.summary,
      })
      .from(helpArticles)
      .where(published)
      .orderBy(sql`lower(${helpArticles.title})`),
  ]);
  return {
    categories: categories.map((category) => ({
      slug: category.slug,
      name: category.name,
      description: category.description,
      articles: articles
        .filter((article) => article.categoryId === category.id)
        .map(({ slug, title, summary }) => ({ slug, title, summary })),
    })),
  };
}

/** The slugs of the published articles (the sitemap). */
export async function publishedHelpSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: helpArticles.slug })
    .from(helpArticles)
    .where(published)
    .orderBy(asc(helpArticles.slug));
  return rows.map((row) => row.slug);
}

/** One published article; null for a draft or an unknown slug (the same to a visitor). */
export async function publishedHelpArticle(db: Db, slug: string): Promise<HelpArticle | null> {
  const [row] = await db
    .select({ article: helpArticles, category: helpCategories })
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .where(and(eq(helpArticles.slug, slug), published));
  if (!row) return null;
  const { article, category } = row;
  return {
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    html: article.bodyHtml,
    category: { slug: category.slug, name: category.name, description: category.description },
    publishedAt: (article.publishedAt ?? article.createdAt).toISOString(),
    updatedAt: article.updatedAt.toISOString(),
  };
}

// ts_headline marks what matched with these (private-use characters no article contains, taken
// out of the text first): the snippet is escaped as plain text, then they become <mark>.
const startMark = '\uE000';
const stopMark = '\uE001';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A headline as HTML safe to show: escaped text, the words that matched in <mark>. */
export const snippetHtml = (headline: string): string =>
  escapeHtml(headline).replaceAll(startMark, '<mark>').replaceAll(stopMark, '</mark>');

/**
 * The query of what the visitor typed: PostgreSQL's web-search reading of it, or every word with
 * the last one as a prefix, so "regist" finds "Registering a .co.za domain" while it is typed.
 * Only letters and digits reach to_tsquery (its own syntax cannot be typed in); a search with a
 * quoted phrase or a -word is taken as the visitor wrote it.
 */
function searchQuery(q: string): SQL {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const web = sql`websearch_to_tsquery('english', ${q})`;
  if (words.length === 0 || /"|(^|\s)-/.test(q)) return web;
  const prefix = words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
  return sql`(${web} || to_tsquery('english', ${prefix}))`;
}

/** The article's text for its snippet: HTML tags, Markdown's marks and link targets left out. */
const plainBody = sql`regexp_replace(regexp_replace(regexp_replace(translate(${helpArticles.summary} || ' ' || ${helpArticles.bodyMarkdown}, ${startMark + stopMark}, ''), '</?[a-zA-Z][^<>]*>', ' ', 'g'), '\\[([^\\]]*)\\]\\([^)]*\\)', '\\1', 'g'), '[#*_\`>|~]+', '', 'g')`;

/** GET /api/help/search: the 8 published articles that match best, each with a snippet. */
export async function searchHelpArticles(db: Db, q: string): Promise<HelpSearchResults> {
  const query = searchQuery(q);
  const rank = sql<number>`ts_rank(${helpArticles.search}, ${query})`;
  const rows = await db
    .select({
      slug: helpArticles.slug,
      title: helpArticles.title,
      summary: helpArticles.summary,
      category: helpCategories.name,
      headline: sql<string>`ts_headline('english', ${plainBody}, ${query}, ${`StartSel=${startMark}, StopSel=${stopMark}, MaxWords=28, MinWords=12, MaxFragments=1`})`,
    })
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .where(and(published, sql`${helpArticles.search} @@ ${query}`))
    .orderBy(desc(rank), asc(helpArticles.title))
    .limit(8);
  return {
    results: rows.map(({ headline, ...row }) => ({ ...row, snippet: snippetHtml(headline) })),
  };
}

type ArticleRow = typeof helpArticles.$inferSelect;
type CategoryRow = typeof helpCategories.$inferSelect;

const toAdminArticle = (article: ArticleRow, category: CategoryRow): AdminHelpArticle => ({
  id: article.id,
  slug: article.slug,
  title: article.title,
  summary: article.summary,
  bodyMarkdown: article.bodyMarkdown,
  categorySlug: category.slug,
  categoryName: category.name,
  status: article.status,
  publishedAt: article.publishedAt?.toISOString() ?? null,
  updatedAt: article.updatedAt.toISOString(),
});

/** GET /api/admin/help/articles: every article, drafts too, the latest change first. */
export async function listAdminHelpArticles(db: Db): Promise<AdminHelpList> {
  const [rows, categories] = await Promise.all([
    db
      .select({ article: helpArticles, category: helpCategories })
      .from(helpArticles)
      .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
      .orderBy(desc(helpArticles.updatedAt), asc(helpArticles.title)),
    db
      .select({ slug: helpCategories.slug, name: helpCategories.name })
      .from(helpCategories)
      .orderBy(asc(helpCategories.position)),
  ]);
  return {
    articles: rows.map(({ article, category }) => toAdminArticle(article, category)),
    categories,
  };
}

interface Editor {
  admin: { id: string; email: string };
  ip: string;
}

const notFound = () => new AppError('NOT_FOUND', { message: 'No such help article' });

async function categoryOf(tx: Tx, slug: string): Promise<CategoryRow> {
  const [category] = await tx.select().from(helpCategories).where(eq(helpCategories.slug, slug));
  if (!category)
    throw new AppError('VALIDATION_ERROR', { message: 'Choose one of the categories' });
  return category;
}

/** Runs a change, audits it and announces it; a slug another article has is a 409 that says so. */
async function change(
  db: Db,
  editor: Editor,
  action: string,
  slug: string | undefined,
  write: (tx: Tx) => Promise<{ article: ArticleRow; category: CategoryRow; details?: object }>,
): Promise<AdminHelpArticle> {
  try {
    return await db.transaction(async (tx) => {
      const { article, category, details } = await write(tx);
      await recordAudit(tx, {
        adminId: editor.admin.id,
        actor: editor.admin.email,
        action,
        entityType: 'help_article',
        entityId: article.id,
        details: { slug: article.slug, title: article.title, status: article.status, ...details },
        ip: editor.ip,
      });
      await tx.execute(sql`select pg_notify(${helpArticlesChannel}, '')`);
      return toAdminArticle(article, category);
    });
  } catch (error) {
    if (slug && isUniqueViolation(error, 'help_articles_slug_unique')) {
      throw new AppError('CONFLICT', {
        message: `Another article already uses the address /help/${slug}: choose another slug`,
      });
    }
    throw error;
  }
}

const contentOf = (values: HelpArticleValues) => ({
  slug: values.slug,
  title: values.title,
  summary: values.summary,
  bodyMarkdown: values.bodyMarkdown,
  bodyHtml: markdownToSafeHtml(values.bodyMarkdown),
});

/** A new article, as a draft. */
export const createHelpArticle = (db: Db, input: Editor & { values: HelpArticleValues }) =>
  change(db, input, 'help_article.created', input.values.slug, async (tx) => {
    const category = await categoryOf(tx, input.values.categorySlug);
    const [article] = await tx
      .insert(helpArticles)
      .values({
        ...contentOf(input.values),
        categoryId: category.id,
        updatedByAdminId: input.admin.id,
      })
      .returning();
    return { article: article!, category };
  });

/** Every field of an article, its status kept. */
export const updateHelpArticle = (
  db: Db,
  input: Editor & { id: string; values: HelpArticleValues },
) =>
  change(db, input, 'help_article.updated', input.values.slug, async (tx) => {
    const category = await categoryOf(tx, input.values.categorySlug);
    const [article] = await tx
      .update(helpArticles)
      .set({
        ...contentOf(input.values),
        categoryId: category.id,
        updatedByAdminId: input.admin.id,
        updatedAt: new Date(),
      })
      .where(eq(helpArticles.id, input.id))
      .returning();
    if (!article) throw notFound();
    return { article, category };
  });

/** Publishes an article (its first publication date is kept) or takes it back to draft. */
export const setHelpArticleStatus = (
  db: Db,
  input: Editor & { id: string; status: HelpArticleStatus },
) =>
  change(
    db,
    input,
    input.status === 'published' ? 'help_article.published' : 'help_article.unpublished',
    undefined,
    async (tx) => {
      const now = new Date();
      const [article] = await tx
        .update(helpArticles)
        .set({
          status: input.status,
          ...(input.status === 'published' && {
            publishedAt: sql`coalesce(${helpArticles.publishedAt}, ${now.toISOString()}::timestamptz)`,
          }),
          updatedByAdminId: input.admin.id,
          updatedAt: now,
        })
        .where(eq(helpArticles.id, input.id))
        .returning();
      if (!article) throw notFound();
      const [category] = await tx
        .select()
        .from(helpCategories)
        .where(eq(helpCategories.id, article.categoryId));
      return { article, category: category! };
    },
  );

/** Deletes an article; the audit keeps its Markdown, so one deleted by mistake can be put back. */
export async function deleteHelpArticle(
  db: Db,
  input: Editor & { id: string },
): Promise<{ id: string; title: string }> {
  const deleted = await change(db, input, 'help_article.deleted', undefined, async (tx) => {
    const [article] = await tx
      .delete(helpArticles)
      .where(eq(helpArticles.id, input.id))
      .returning();
    if (!article) throw notFound();
    const [category] = await tx
      .select()
      .from(helpCategories)
      .where(eq(helpCategories.id, article.categoryId));
    return { article, category: category!, details: { bodyMarkdown: article.bodyMarkdown } };
  });
  return { id: deleted.id, title: deleted.title };
}
