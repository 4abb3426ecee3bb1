import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { checkLayouts } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.HELP_SHOTS_DIR;

test.describe('help centre', () => {
  test.use({ signedInAs: 'admin', viewport: { width: 1280, height: 900 } });

  test('staff write and publish an article; a visitor finds it, and the ticket form suggests it', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const word = `Wombatpay${Date.now().toString(36)}`;
    const title = `Refunds through ${word}`;

    // The back office writes it, looks at the preview, and publishes it.
    await gotoHydrated(page, '/admin/help');
    await expect(page.getByRole('table', { name: /Help articles/ })).toBeVisible();
    await page.getByRole('button', { name: 'New article' }).click();
    await page.getByLabel('Title').fill(title);
    // The address follows the title until it is typed.
    await expect(page.getByLabel('Address')).toHaveValue(`refunds-through-${word.toLowerCase()}`);
    await page.getByLabel('Topic').selectOption({ label: 'Billing and payments' });
    await page.getByLabel('Summary').fill(`How a ${word} refund reaches your account.`);
    await page
      .getByLabel('Article (Markdown)')
      .fill(
        `## When the money arrives\n\nA **${word}** refund takes three to five business days.\n\n<script>alert("x")</script>`,
      );
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'When the money arrives' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText(word);
    await expect(preview.locator('script')).toHaveCount(0);
    await checkLayouts(page, 'admin-help-editor', shotDir);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Article published' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Billing and payments');
    await checkLayouts(page, 'admin-help-list', shotDir);

    // A visitor searches for it at /help and opens it.
    const visitorContext = await browser.newContext({
      storageState: { cookies: [], origins: [] },
      viewport: { width: 1280, height: 900 },
    });
    const visitor = await visitorContext.newPage();
    const visitorErrors: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') visitorErrors.push(message.text());
    });
    visitor.on('pageerror', (error) => visitorErrors.push(error.message));
    await gotoHydrated(visitor, '/help');
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'How can we help?' }),
    ).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Registering a .co.za domain' })).toBeVisible();
    const search = visitor.getByRole('searchbox', { name: 'Search the help centre' });
    await search.fill('zzqqxx nothing');
    await expect(visitor.getByText('No articles match “zzqqxx nothing”')).toBeVisible();
    // The start of the word is enough.
    await search.fill(word.slice(0, 8).toLowerCase());
    const result = visitor
      .getByRole('region', { name: /^1 article for/ })
      .getByRole('link', { name: title });
    await expect(result).toBeVisible();
    await checkLayouts(visitor, 'help-search', shotDir);
    await result.click();
    await expect(visitor).toHaveURL(new RegExp(`/help/refunds-through-${word.toLowerCase()}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor).toHaveTitle(new RegExp(`^${title} \\|`));
    await expect(visitor.getByRole('link', { name: 'Open a support ticket' })).toBeVisible();

    // Read without JavaScript: the server's HTML has the article.
    const raw = await visitor.request.get(`/help/refunds-through-${word.toLowerCase()}`);
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    expect(html).toContain(`<title>${title} |`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).not.toContain('alert("x")');

    // A fresh load hydrates without a mismatch.
    await gotoHydrated(visitor, `/help/refunds-through-${word.toLowerCase()}`);
    await expect(visitor.getByRole('link', { name: 'Help centre' }).first()).toBeVisible();
    await checkLayouts(visitor, 'help-article', shotDir);
    await gotoHydrated(visitor, '/help');
    await checkLayouts(visitor, 'help-index', shotDir);

    // A customer writing a ticket about it is offered the article.
    await signUp(visitor, 'Lerato Mokoena');
    await gotoHydrated(visitor, '/user/support');
    await visitor.getByLabel('Subject').fill(`Where is my ${word} refund`);
    const suggestions = visitor.getByText('These articles may answer your question');
    await expect(suggestions).toBeVisible();
    const suggested = visitor.getByRole('link', { name: new RegExp(title) });
    await expect(suggested).toHaveAttribute('target', '_blank');
    await visitor.getByLabel('Subject').fill('zzqqxx nothing at all');
    await expect(suggestions).toBeHidden();

    await visitorContext.close();
    // Hydrating a server-rendered help page with its data block raises no mismatch.
    expect(visitorErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
