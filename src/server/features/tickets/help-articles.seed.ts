import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { appMeta, helpArticles, helpCategories } from '#db/schema/index.ts';
import { sentences, type VatWording } from '#shared/vat-wording.ts';
import { markdownToSafeHtml } from '../../lib/markdown.ts';

/**
 * The help centre's starter articles, published, so a new site has answers from its first day.
 * They are seeded here rather than in db/seed.ts because their HTML comes from the server's
 * Markdown sanitiser, which the database layer may not import. Seeded once per version: an
 * article the team deleted or rewrote is left as they left it.
 */
export const HELP_SEED_VERSION = '1';

interface StarterArticle {
  category: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
}

/** The starter articles, in the words of a supplier registered for VAT or not (`vat`). */
export const starterArticles = (vat: VatWording): StarterArticle[] => [
  {
    category: 'getting-started',
    slug: 'your-first-order',
    title: 'Your first order, from cart to delivery',
    summary: 'Create an account, pay by card or EFT, and follow the work from your dashboard.',
    body: `Everything you buy from us, from a domain name to a custom website, follows the same path.

1. **Choose** a service, a package or a domain and add it to your cart. The price you see includes everything you will pay.
2. **Check out.** Sign in or create an account (an e-mail address and a password), and add your company name if it must appear on your invoice.
3. **Pay** by card through PayFast, or by bank transfer (EFT) with your order reference.
4. **Follow the work** on your dashboard: domains, website projects, company registrations and business plans each have their own page, with what is done and what we are waiting for.

We e-mail you when a payment is received and at every step that needs you. Your invoices are under **Payments** in your account.

## Questions on the way?

Open a support ticket from your account. Each ticket keeps the whole conversation, and our replies arrive by e-mail too.`,
  },
  {
    category: 'domains',
    slug: 'registering-a-co-za-domain',
    title: 'Registering a .co.za domain',
    summary: 'Search for a name, choose how many years, enter the registrant details and pay.',
    body: `A .co.za name is the address most South African businesses use. Anyone may register one: you do not need a registered company, and you do not need to live in South Africa.

## Step by step

1. Go to **Buy a domain** and type the name you want, for example \`yourbusiness.co.za\`.
2. If it is available, choose how many years to register it for (one to ten) and add it to your cart.
3. Enter the **registrant**: the person or company that will own the name. Use your legal name and a working e-mail address; the registry writes to it.
4. Pay by card or by EFT. Registration starts as soon as the payment is confirmed.

## How long it takes

Most .co.za names are registered within minutes of payment. You will find the name under **Domains** in your account, with its expiry date and its DNS records.

## Good to know

- Names are first come, first served. A name is only yours once it is registered, not while it sits in a cart.
- Letters, digits and hyphens only, and no hyphen at the start or end.
- We renew it for you before it expires if you turn on auto-renew; otherwise we remind you by e-mail.`,
  },
  {
    category: 'billing',
    slug: 'paying-by-eft',
    title: 'Paying by EFT: our bank details and which reference to use',
    summary: 'Pay from your banking app with your order reference so we can match the payment.',
    body: `You can pay any order by bank transfer (EFT) instead of by card.

## How to pay

1. Open the order in your account and choose **Pay by bank transfer**. The page shows our bank details.
2. In your banking app, pay the exact amount shown.
3. Use the **order reference** shown on that page as the payment reference. Copy it with the copy button: one wrong character and we cannot match your payment.

## After you pay

- An ordinary EFT between banks takes one to two business days to reach us. An instant payment usually arrives within minutes.
- You can upload your proof of payment on the order page; it helps us find a payment that arrives with a wrong reference, but we start work only once the money is in our account.
- We e-mail you when the payment is matched, and your invoice is in your account under **Payments**.

## Paid without the reference?

Open a support ticket with the date, amount and the reference you used, and we will match it by hand.`,
  },
  {
    category: 'company-registration',
    slug: 'how-long-company-registration-takes',
    title: 'How long company registration takes',
    summary: 'Most (Pty) Ltd companies are registered with CIPC within 5 to 10 business days.',
    body: `Registering a private company (Pty) Ltd happens in steps, and each one has its own waiting time.

| Step | Usually takes |
| --- | --- |
| Name reservation at CIPC | 1 to 3 business days |
| Company registration at CIPC | 2 to 7 business days |
| Income tax number from SARS | 1 to 3 business days after registration |

In total, most companies are registered within **5 to 10 business days** of us receiving everything we need.

## What speeds it up

- Give us **three name options**, in order of preference: CIPC often refuses names that are too close to existing ones.
- Send **certified copies of every director's ID** and their contact details with your order.
- Answer our questions quickly: each day we wait for a document is a day added.

## Following progress

Your registration has its own page under **Registrations** in your account, with every step and what is waiting on whom. We e-mail you when a step is done.`,
  },
  {
    category: 'domains',
    slug: 'pointing-your-domain-to-our-hosting',
    title: 'Pointing your domain to our hosting (DNS and nameservers)',
    summary:
      'Use the "Our website hosting" DNS template, or change the nameservers at your registrar.',
    body: `For your website to open at your own address, the domain's DNS must point to the server that hosts it.

## A domain you registered with us

1. Open **Domains** in your account and choose the domain.
2. Under DNS, apply the template **Our website hosting**. It sets the name itself and \`www\` to our server, and leaves your e-mail records alone.
3. Changes usually work within an hour; some networks remember the old address for up to 24 hours.

## A domain registered elsewhere

You have two choices:

- **Keep your DNS where it is** and add two records at your current provider: an \`A\` record for the name itself pointing to the address we send you, and a \`CNAME\` record for \`www\` pointing to your domain.
- **Transfer the domain to us**, so that its DNS and renewals are in one place. Use **Transfer a domain** and the transfer code (EPP code) from your current registrar.

## Careful with nameservers

Changing a domain's nameservers moves **all** of its DNS, e-mail records included. Before you change them, make sure your mail records (MX, SPF) are set up at the new nameservers, or your e-mail will stop arriving.`,
  },
  {
    category: 'websites',
    slug: 'reading-a-speed-report',
    title: 'Reading a speed report',
    summary: 'What the scores mean, which figures matter most, and where to start fixing.',
    body: `A speed report measures one page of your website the way Google does, on a mid-range phone over a mobile network, using Lighthouse.

## The four scores

- **Performance**: how quickly the page appears and becomes usable. 90 or more is good, 50 to 89 needs work, under 50 is slow.
- **Accessibility**: whether people using screen readers, keyboards or zoom can use the page.
- **Best practices**: security and modern web standards.
- **SEO**: whether search engines can read and list the page.

## The figures behind Performance

- **Largest Contentful Paint (LCP)**: when the main content (often a big image) is shown. Aim for under 2.5 seconds.
- **Total Blocking Time (TBT)**: how long scripts keep the page from responding to a tap. Aim for under 200 ms.
- **Cumulative Layout Shift (CLS)**: how much the page jumps around while it loads. Aim for under 0.1.

## Where to start

The report lists **opportunities** with the time each would save. Start at the top: large images that can be compressed or resized, and scripts that load before the page needs them, are the most common wins. Scores move a few points between runs, so compare several runs before and after a change.`,
  },
  {
    category: 'billing',
    slug: 'what-your-invoice-shows',
    title: 'What your invoice shows',
    summary: 'Where to find your invoices and what each part of them means.',
    // The VAT words come from vat-wording.ts: a supplier not registered for VAT says none.
    body: `We e-mail ${vat.anInvoice} when an order is paid, and every invoice is also in your account under **Payments**, as a PDF you can download at any time.

## What is on it

- **Our details**: the company name and address${vat.breakdown ? ', and our VAT number' : ''}. The document is headed **${vat.invoiceTitle}**.
- **Your details**: the name, company and address you gave at checkout. If you need your company name${vat.breakdown ? ' or VAT number' : ''} on it, add them under **Settings** before you pay.
- **The invoice number and date**, which your bookkeeper needs.
- **Each line**: the service or domain, the period it covers, and its price.
- **The total**, which is what you paid. ${sentences(vat.invoiceShowsVat, vat.pricesNote)}

## Need a change?

Open a support ticket with the invoice number. We cannot alter an issued invoice, but we can issue a credit note and a corrected invoice.`,
  },
];

/** Adds the starter articles once per HELP_SEED_VERSION; slugs already used are left alone. */
export async function seedHelpArticles(db: Db, vat: VatWording): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7160002)`);
    const [current] = await tx.select().from(appMeta).where(eq(appMeta.key, 'help_seed_version'));
    if (current?.value === HELP_SEED_VERSION) return;
    const categories = new Map(
      (await tx.select().from(helpCategories)).map((category) => [category.slug, category.id]),
    );
    for (const article of starterArticles(vat)) {
      const categoryId = categories.get(article.category);
      if (!categoryId) continue;
      await tx
        .insert(helpArticles)
        .values({
          categoryId,
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          bodyMarkdown: article.body,
          bodyHtml: markdownToSafeHtml(article.body),
          status: 'published',
          publishedAt: new Date(),
        })
        .onConflictDoNothing({ target: helpArticles.slug });
    }
    await tx
      .insert(appMeta)
      .values({ key: 'help_seed_version', value: HELP_SEED_VERSION })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: HELP_SEED_VERSION, updatedAt: sql`now()` },
      });
  });
}
