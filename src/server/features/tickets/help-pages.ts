import type { FastifyReply, FastifyRequest } from 'fastify';
import { helpApi, helpSlugPattern } from '#shared/help-centre.schemas.ts';
import type { PageQuery } from '#shared/page-queries.ts';
import type { Db } from '#db/client.ts';
import { documentTitle, helpArticlePath, notFoundTitle, paths, routeOf } from '#shared/routes.ts';
import type { AppInstance } from '../../app-instance.ts';
import type { PageMeta } from '../../lib/page-document.ts';
import { sendPrecompressed, type Precompressed } from '../../lib/precompressed.ts';
import { untilChanged } from '../../lib/until-changed.ts';
import { whenCatalogueChanges } from '../catalogue/catalogue.service.ts';
import {
  helpArticlesChannel,
  helpIndex,
  publishedHelpArticle,
  publishedHelpSlugs,
} from './help-articles.service.ts';

type RenderWithData = (
  path: string,
  head: { title: string; meta?: PageMeta },
  queries: PageQuery[],
) => Promise<Precompressed | null>;

interface Made {
  doc: Precompressed;
  status: 200 | 404;
}

/** The help centre's addresses for the sitemap: the index and every published article. */
export const helpPagePaths = async (db: Db): Promise<string[]> => [
  paths.help,
  ...(await publishedHelpSlugs(db)).map(helpArticlePath),
];

const indexDescription =
  'Answers from our team: domains, payments by card and EFT, invoices, websites, hosting and company registration.';

/**
 * /help and /help/{slug}, rendered on the server with the articles as they are now (decision
 * 036): the visitor's first request carries the article, its title and description in the HTML,
 * and the data it was made with for hydration. Each page is kept until an article or the
 * catalogue changes (NOTIFY, from any process); an unknown slug is a 404 page, not kept.
 * Another route under /help (announcements) is the app's, as if this one did not exist.
 */
export async function registerHelpPages(app: AppInstance, render: RenderWithData): Promise<void> {
  const { db } = app.database;
  const siteName = app.config.site.siteName;
  const kept = untilChanged(async () => new Map<string, Promise<Made | null>>());
  const stop = await app.database.listen(helpArticlesChannel, kept.invalidate);
  app.addHook('onClose', stop);
  await whenCatalogueChanges(app, kept.invalidate);

  async function make(path: string, slug: string | undefined): Promise<Made | null> {
    if (slug === undefined) {
      const index = await helpIndex(db);
      const doc = await render(
        path,
        {
          title: documentTitle('help', siteName),
          meta: { description: indexDescription, canonicalPath: paths.help },
        },
        [{ queryKey: [helpApi.index], data: index }],
      );
      return doc && { doc, status: 200 };
    }
    const article = await publishedHelpArticle(db, slug);
    const title = article ? `${article.title} | ${siteName}` : notFoundTitle;
    const meta = article
      ? {
          description: article.summary || `${article.title}: an article of our help centre.`,
          canonicalPath: path,
        }
      : {};
    const doc = await render(path, { title, meta }, [
      { queryKey: [helpApi.article(slug)], data: article },
    ]);
    return doc && { doc, status: article ? 200 : 404 };
  }

  async function send(request: FastifyRequest, reply: FastifyReply, slug?: string) {
    const path = slug === undefined ? paths.help : `/help/${slug}`;
    const pages = await kept.get();
    let made = pages.get(path);
    if (!made) {
      made = make(path, slug);
      pages.set(path, made);
      // Unknown slugs are not kept: anyone can ask for any number of them.
      made.then(
        (page) => page?.status === 200 || pages.delete(path),
        () => pages.delete(path),
      );
    }
    const page = await made.catch((error: unknown) => {
      request.log.error({ err: error, page: path }, 'help page not rendered');
      return null;
    });
    // Without the build's renderer the app shell renders it in the browser.
    if (!page) return reply.callNotFound();
    reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache');
    return sendPrecompressed(request, reply, page.doc);
  }

  app.get(paths.help, (request, reply) => send(request, reply));
  app.get<{ Params: { slug: string } }>('/help/:slug', (request, reply) => {
    const { slug } = request.params;
    if (!helpSlugPattern.test(slug) || routeOf(`/help/${slug}`) !== 'helpArticle') {
      return reply.callNotFound();
    }
    return send(request, reply, slug);
  });
}
