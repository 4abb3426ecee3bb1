import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, helpArticles } from '#db/schema/index.ts';
import type {
  AdminHelpArticle,
  HelpArticleInput,
  HelpSearchResults,
} from '#shared/help-centre.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';

let t: TestApp;
let staff: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: staff } = await signInAdmin(t.app, { role: 'staff' }));
  ({ cookie: owner } = await signInAdmin(t.app));
});
afterAll(() => t.close());

const call = injectCaller(() => t.app);

// Slugs of their own per run: the seed's starter articles share the table.
let counter = 0;
const article = (overrides: Partial<HelpArticleInput> = {}): HelpArticleInput => {
  counter += 1;
  return {
    title: `Changing the owner of a zebrafinch account ${counter}`,
    slug: `zebrafinch-owner-${counter}`,
    categorySlug: 'getting-started',
    summary: 'Hand your account to a colleague.',
    bodyMarkdown: 'Write to us from the **current** owner address and name the new owner.',
    ...overrides,
  };
};

async function create(values: HelpArticleInput, cookie = staff): Promise<AdminHelpArticle> {
  const response = await call('POST', '/api/admin/help/articles', { cookie, payload: values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminHelpArticle>();
}

async function publish(id: string, status: 'published' | 'draft' = 'published') {
  const response = await call('POST', `/api/admin/help/articles/${id}/status`, {
    cookie: staff,
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminHelpArticle>();
}

const search = async (q: string) => {
  const response = await call('GET', `/api/help/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HelpSearchResults>().results;
};

describe('help articles: visibility', () => {
  it('shows a draft to nobody but the back office, and a published one to everyone', async () => {
    const draft = await create(article());
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });

    const hidden = await call('GET', `/api/help/articles/${draft.slug}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: 'No such help article' });
    const index = (await call('GET', '/api/help')).json<{
      categories: { slug: string; articles: { slug: string }[] }[];
    }>();
    expect(index.categories.map((c) => c.slug)).toEqual([
      'getting-started',
      'domains',
      'billing',
      'websites',
      'company-registration',
    ]);
    expect(index.categories.flatMap((c) => c.articles).map((a) => a.slug)).not.toContain(
      draft.slug,
    );
    const listed = (await call('GET', '/api/admin/help/articles', { cookie: staff })).json<{
      articles: AdminHelpArticle[];
    }>();
    expect(listed.articles.map((a) => a.slug)).toContain(draft.slug);

    const published = await publish(draft.id);
    expect(published.publishedAt).not.toBeNull();
    const shown = await call('GET', `/api/help/articles/${draft.slug}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      slug: draft.slug,
      title: draft.title,
      html: '<p>Write to us from the <strong>current</strong> owner address and name the new owner.</p>\n',
      category: { slug: 'getting-started', name: 'Getting started' },
    });
    const after = (await call('GET', '/api/help')).json<typeof index>();
    expect(after.categories[0]!.articles.map((a) => a.slug)).toContain(draft.slug);

    // Unpublished: gone again, the first publication date kept for the next time.
    const unpublished = await publish(draft.id, 'draft');
    expect(unpublished.publishedAt).toBe(published.publishedAt);
    expect((await call('GET', `/api/help/articles/${draft.slug}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/help/articles/no-such-article')).json()).toMatchObject({
      error: 'No such help article',
    });
    expect((await call('GET', '/api/help/articles/Not%20an%20address')).statusCode).toBe(404);
  });
});

describe('help articles: search', () => {
  it('ranks a title match first, finds a title by its start, and never lets the text make HTML', async () => {
    const inTitle = await create(
      article({
        title: 'Quokkaboard billing explained',
        slug: 'quokkaboard-billing',
        categorySlug: 'billing',
        bodyMarkdown: 'How the monthly invoice works.',
      }),
    );
    const inBody = await create(
      article({
        title: 'A page about something else',
        slug: 'something-else-quokka',
        bodyMarkdown:
          'Here 2 < 3 & 4, and the word quokkaboard appears next to <script>alert(1)</script>.',
      }),
    );
    const draft = await create(article({ title: 'Quokkaboard draft', slug: 'quokkaboard-draft' }));
    await publish(inTitle.id);
    await publish(inBody.id);

    const results = await search('quokkaboard');
    expect(results.map((r) => r.slug)).toEqual([inTitle.slug, inBody.slug]);
    expect(results.map((r) => r.slug)).not.toContain(draft.slug);
    expect(results[0]).toMatchObject({ title: inTitle.title, category: 'Billing and payments' });

    // The body's tags are left out and the rest is escaped text: only our own <mark> is markup.
    const snippet = results[1]!.snippet;
    expect(snippet).toContain('<mark>quokkaboard</mark>');
    expect(snippet).not.toMatch(/<(?!\/?mark>)/);
    expect(snippet).not.toContain('script');
    expect(snippet).toContain('2 &lt; 3 &amp; 4');

    // Typing: the start of a word finds it, and words before it must match too.
    expect((await search('quokkab')).map((r) => r.slug)).toContain(inTitle.slug);
    expect((await search('billing quokk')).map((r) => r.slug)).toEqual([inTitle.slug]);
    // Web-search syntax: a quoted phrase and a minus.
    expect((await search('quokkaboard -billing')).map((r) => r.slug)).not.toContain(inTitle.slug);
    // Nothing to match: an empty list, not an error.
    expect(await search('xylophonic zzzz')).toEqual([]);
    expect(await search('&& || !! :*')).toEqual([]);
  });

  it('refuses a search too short or too long', async () => {
    const short = await call('GET', '/api/help/search?q=%20a%20');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 2 characters/);
    const long = await call('GET', `/api/help/search?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/200 characters/);
    expect((await call('GET', '/api/help/search')).statusCode).toBe(400);
  });
});

describe('help articles: editing', () => {
  it('strips script from the Markdown on save and in the preview', async () => {
    const markdown =
      '# Title\n\nHello <script>alert(1)</script><img src="x" onerror="alert(2)"> [link](javascript:alert(3)) <a href="https://example.com" onclick="x()">out</a>';
    const created = await create(article({ bodyMarkdown: markdown }));
    const [row] = await t.app.database.db
      .select()
      .from(helpArticles)
      .where(eq(helpArticles.id, created.id));
    expect(row!.bodyMarkdown).toBe(markdown);
    for (const html of [
      row!.bodyHtml,
      (
        await call('POST', '/api/admin/help/preview', {
          cookie: staff,
          payload: { markdown },
        })
      ).json<{ html: string }>().html,
    ]) {
      expect(html).toContain('<h2>Title</h2>');
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
      expect(html).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
      );
    }
  });

  it('changes, republishes and deletes an article, each change audited', async () => {
    const created = await create(article(), owner);
    const values = article({ slug: 'zebrafinch-renamed', categorySlug: 'domains' });
    const changed = await call('PUT', `/api/admin/help/articles/${created.id}`, {
      cookie: staff,
      payload: values,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      slug: 'zebrafinch-renamed',
      categorySlug: 'domains',
      categoryName: 'Domains',
      status: 'draft',
    });
    await publish(created.id);
    const deleted = await call('DELETE', `/api/admin/help/articles/${created.id}`, {
      cookie: staff,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id, title: values.title });
    expect(
      (await call('DELETE', `/api/admin/help/articles/${created.id}`, { cookie: staff }))
        .statusCode,
    ).toBe(404);

    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual([
      'help_article.created',
      'help_article.updated',
      'help_article.published',
      'help_article.deleted',
    ]);
    expect(audits[3]!.details).toMatchObject({ bodyMarkdown: values.bodyMarkdown });
  });

  it('refuses a slug in use, a bad slug, an unknown category and an empty body', async () => {
    const first = await create(article());
    const clash = await call('POST', '/api/admin/help/articles', {
      cookie: staff,
      payload: article({ slug: first.slug }),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(
      `Another article already uses the address /help/${first.slug}: choose another slug`,
    );

    const bad = await call('POST', '/api/admin/help/articles', {
      cookie: staff,
      payload: article({ slug: 'Not A Slug!' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/lowercase letters, digits and single hyphens/);

    const category = await call('POST', '/api/admin/help/articles', {
      cookie: staff,
      payload: article({ categorySlug: 'no-such-category' }),
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().error).toBe('Choose one of the categories');

    const empty = await call('POST', '/api/admin/help/articles', {
      cookie: staff,
      payload: article({ bodyMarkdown: '  ' }),
    });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps customers and visitors out of the back office', async () => {
    const customer = await signUp(t.app);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/admin/help/articles'],
      ['POST', '/api/admin/help/articles', article()],
      ['PUT', '/api/admin/help/articles/00000000-0000-4000-8000-000000000000', article()],
      ['POST', '/api/admin/help/articles/00000000-0000-4000-8000-000000000000/status', {}],
      ['DELETE', '/api/admin/help/articles/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/admin/help/preview', { markdown: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const cookie of [undefined, customer.cookie]) {
        const response = await call(method, url, {
          ...(cookie && { cookie }),
          ...(payload && { payload }),
        });
        expect([401, 403], `${method} ${url}`).toContain(response.statusCode);
      }
    }
  });
});
