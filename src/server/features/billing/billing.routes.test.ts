import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, users, websiteProjects } from '#db/schema/index.ts';
import type { InvoiceList, Quote } from '#shared/billing.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { vatPeriodOf } from '#shared/vat-periods.ts';
import { formatZAR } from '#shared/money.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import { acceptQuote } from './quote-orders.service.ts';
import { listInvoices } from './team-invoices.service.ts';

/**
 * Invoices and quotes on a listening site with real SMTP (issue 29, item 2): the team invoices
 * custom work and quotes a website with a deposit; the customer accepts online, pays the deposit
 * by bank transfer, the project opens, and the balance is invoiced and paid by card. Each part is
 * an order of its own with its own tax invoice; the numbers run on without a gap.
 */
let shop: ListeningShop;
let t: TestApp;
let customer: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let owner: Awaited<ReturnType<typeof signInAdmin>>;
let staff: Awaited<ReturnType<typeof signInAdmin>>;
let money: ReturnType<typeof moneyJourneys>;

beforeAll(async () => {
  shop = await startListeningShop();
  ({ t } = shop);
  customer = await signUp(t.app, { fullName: 'Thandi Nkosi' });
  // Over R5 000 a tax invoice names the recipient's address.
  await t.app.database.db
    .update(users)
    .set({ address: '12 Vilakazi Street, Orlando West, Soweto, 1804' })
    .where(eq(users.id, customer.user.id));
  other = await signUp(t.app, { fullName: 'Other Person' });
  owner = await signInAdmin(t.app);
  staff = await signInAdmin(t.app, { role: 'staff' });
  money = moneyJourneys(t.app, shop.base, { customer, owner });
});
afterAll(() => shop.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const inDays = (days: number) => saToday(new Date(Date.now() + days * 86_400_000));

const websiteQuote = (overrides: Record<string, unknown> = {}) => ({
  customerId: customer.user.id,
  lines: [
    {
      description: 'Business website, five pages',
      quantity: 1,
      unitPrice: 12_000,
      packageId: 'website-business',
    },
    { description: 'Copywriting, per page', quantity: 5, unitPrice: 600 },
  ],
  validUntil: inDays(30),
  depositKind: 'percent',
  depositValue: 50,
  terms: 'The balance is due when the site is launched. Two rounds of changes are included.',
  ...overrides,
});

async function makeQuote(overrides: Record<string, unknown> = {}) {
  const made = await call('POST', '/api/admin/quotes', staff.cookie, websiteQuote(overrides));
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Quote>();
}

async function invoiceList(status = '') {
  const response = await call('GET', `/api/admin/invoices?status=${status}`, staff.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceList>();
}

describe('an invoice for custom work', () => {
  it('is sent with its pay link, listed as unpaid, paid by card and then a tax invoice', async () => {
    const sent = await call('POST', '/api/admin/invoices', staff.cookie, {
      customerId: customer.user.id,
      lines: [
        { description: 'Logo redesign', quantity: 1, unitPrice: 2_300 },
        { description: 'Business cards, per 100', quantity: 2, unitPrice: 450.5 },
      ],
      dueOn: inDays(7),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { orderReference, total } = sent.json<{ orderReference: string; total: number }>();
    expect(total).toBe(3_201);

    const mail = await shop.smtp.waitFor(customer.email, `Invoice ${orderReference}`);
    expect(mail.subject).toContain(formatZAR(320_100));
    expect(mail.text).toContain(`/user/orders/${orderReference}`);

    const listed = (await invoiceList('unpaid')).items.find(
      (item) => item.orderReference === orderReference,
    );
    expect(listed).toMatchObject({
      status: 'unpaid',
      title: 'Logo redesign and 1 more',
      total: 3_201,
      received: 0,
      invoiceNumber: null,
      customer: { id: customer.user.id, name: 'Thandi Nkosi' },
    });
    // Past its due day it is overdue (the clock is the caller's).
    const later = await listInvoices(
      t.app.database.db,
      { status: 'overdue', page: 1 },
      new Date(Date.now() + 9 * 86_400_000),
    );
    expect(later.items.map((item) => item.orderReference)).toContain(orderReference);

    await money.payByCard(orderReference);
    await t.app.jobs.drain();
    const paid = (await invoiceList('paid')).items.find(
      (item) => item.orderReference === orderReference,
    );
    expect(paid).toMatchObject({ status: 'paid', received: 3_201 });
    expect(paid!.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const totals = (await invoiceList()).totals;
    expect(totals.map((row) => row.status)).toEqual([
      'pro_forma',
      'unpaid',
      'part_paid',
      'overdue',
      'paid',
      'cancelled',
      'credited',
    ]);
    expect(totals.find((row) => row.status === 'paid')!.count).toBeGreaterThan(0);
  });

  it('refuses what cannot be invoiced, in words', async () => {
    const monthly = await call('POST', '/api/admin/invoices', staff.cookie, {
      customerId: customer.user.id,
      lines: [
        {
          description: 'Bookkeeping',
          quantity: 1,
          unitPrice: 100,
          packageId: 'finance-bookkeeping',
        },
      ],
      dueOn: inDays(7),
    });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().error).toContain('choose a package paid once, or write a free line');
    const nobody = await call('POST', '/api/admin/invoices', staff.cookie, {
      customerId: '00000000-0000-4000-8000-000000000000',
      lines: [{ description: 'Logo', quantity: 1, unitPrice: 100 }],
      dueOn: inDays(7),
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error).toBe('There is no such customer');
    const noLines = await call('POST', '/api/admin/invoices', staff.cookie, {
      customerId: customer.user.id,
      lines: [],
      dueOn: inDays(7),
    });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().error).toBe('lines: Add at least one line');
    const past = await call('POST', '/api/admin/invoices', staff.cookie, {
      customerId: customer.user.id,
      lines: [{ description: 'Logo', quantity: 1, unitPrice: 100 }],
      dueOn: inDays(-2),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('Choose a due day that is today or later');
    // Customers have no say in the back office.
    expect((await call('GET', '/api/admin/invoices', customer.cookie)).statusCode).toBe(401);
  });
});

describe('a quote with a deposit', () => {
  it('is accepted online, its deposit paid by EFT opens the project, the balance is paid by card', async () => {
    const quote = await makeQuote();
    expect(quote).toMatchObject({
      status: 'sent',
      total: 15_000,
      depositLabel: '50% deposit',
      deposit: 7_500,
      balanceDue: null,
    });
    expect(quote.number).toMatch(/^Q-\d{6}$/);
    const mail = await shop.smtp.waitFor(customer.email, `Your quote ${quote.number}`);
    expect(mail.text).toContain(`/user/quotes/${quote.number}`);
    expect(mail.text).toContain(`50% deposit of ${formatZAR(750_000)}`);

    // Only its customer reads it, on the page and as a PDF.
    expect((await call('GET', `/api/quotes/${quote.number}`, other.cookie)).statusCode).toBe(404);
    const pdfUrl = `/api/quotes/${quote.number}/quote.pdf`;
    expect((await call('GET', pdfUrl, other.cookie)).statusCode).toBe(404);
    const pdf = await call('GET', pdfUrl, customer.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(quote.number);
    expect(text).toContain('50% deposit, on acceptance');
    expect(text).toContain('Business website, five pages');
    expect(text).toContain(formatZAR(750_000).replace(/\s/g, ' '));
    expect(text).toContain('This is not a tax invoice');
    expect((await call('GET', pdfUrl, staff.cookie)).statusCode).toBe(200);
    const read = await call('GET', `/api/quotes/${quote.number}`, customer.cookie);
    expect(read.json<Quote>().lines).toHaveLength(2);

    const unticked = await call('POST', `/api/quotes/${quote.number}/accept`, customer.cookie, {
      name: 'Thandi Nkosi',
    });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().error).toBe('acceptTerms: Tick the box to accept the terms');

    // Two tabs accept at once: one acceptance, one deposit order.
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        call('POST', `/api/quotes/${quote.number}/accept`, customer.cookie, {
          name: 'Thandi Nkosi',
          acceptTerms: true,
        }),
      ),
    );
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.statusCode, second!.body).toBe(200);
    const deposit = first!.json<{ orderReference: string }>().orderReference;
    expect(second!.json().orderReference).toBe(deposit);
    const accepted = (
      await call('GET', `/api/quotes/${quote.number}`, customer.cookie)
    ).json<Quote>();
    expect(accepted).toMatchObject({ status: 'accepted', acceptedName: 'Thandi Nkosi' });
    expect(accepted.invoices).toEqual([
      { orderReference: deposit, part: 'deposit', total: 7_500, status: 'unpaid' },
    ]);
    await shop.smtp.waitFor(t.app.config.site.contactEmail, `Quote ${quote.number} accepted`);

    // The balance waits for the deposit.
    const early = await call('POST', `/api/admin/quotes/${quote.number}/balance`, staff.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      `The deposit of quote ${quote.number} is not paid yet: invoice the balance after it`,
    );

    await money.chooseBankTransfer(deposit);
    await money.recorded({
      orderReference: deposit,
      amount: 7_500,
      receivedOn: saToday(),
      bankReference: deposit,
    });
    const [project] = await t.app.database.db
      .select()
      .from(websiteProjects)
      .where(eq(websiteProjects.userId, customer.user.id));
    expect(project).toMatchObject({
      packageId: 'website-business',
      title: 'Business website, five pages',
    });
    const projectQuote = await call(
      'GET',
      `/api/admin/projects/${project!.reference}/quote`,
      staff.cookie,
    );
    expect(projectQuote.json().quote).toMatchObject({ number: quote.number, balanceDue: 7_500 });

    const balance = await call('POST', `/api/admin/quotes/${quote.number}/balance`, staff.cookie);
    expect(balance.statusCode, balance.body).toBe(201);
    const again = await call('POST', `/api/admin/quotes/${quote.number}/balance`, staff.cookie);
    expect(again.json().orderReference).toBe(balance.json().orderReference);
    const balanceReference = balance.json<{ orderReference: string }>().orderReference;
    await shop.smtp.waitFor(customer.email, `Invoice ${balanceReference}`);
    await money.payByCard(balanceReference);
    await t.app.jobs.drain();

    // Two tax invoices for one quote, adding up to it, numbered one after the other.
    const billed = await t.app.database.db
      .select({ number: invoices.number, total: invoices.totalCents, part: orders.quotePart })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(orders.userId, customer.user.id)))
      .orderBy(invoices.number);
    const parts = billed.filter((row) => row.part !== null);
    expect(parts.map((row) => [row.part, row.total])).toEqual([
      ['deposit', 750_000],
      ['balance', 750_000],
    ]);
    const all = await t.app.database.db.select({ number: invoices.number }).from(invoices);
    const numbers = all.map((row) => row.number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    const done = (
      await call('GET', `/api/admin/quotes/${quote.number}`, staff.cookie)
    ).json<Quote>();
    expect(done.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(done.balanceDue).toBeNull();
    // The VAT return of the period shows each of the two tax invoices once.
    const vatReturn = await call(
      'GET',
      `/api/admin/reports/vat-return?period=${vatPeriodOf(saToday())}`,
      owner.cookie,
    );
    const listed = vatReturn.json<{ documents: { number: string }[] }>().documents;
    for (const { number } of parts) {
      const shown = `INV-${String(number).padStart(6, '0')}`;
      expect(listed.filter((document) => document.number === shown)).toHaveLength(1);
    }
    // The customer's page in the back office lists the quote with their other records.
    const page = await call('GET', `/api/admin/customers/${customer.user.id}`, staff.cookie);
    expect(page.json().records.quotes).toContainEqual(
      expect.objectContaining({ reference: quote.number, status: 'accepted', amount: 15_000 }),
    );
  });

  it('without a deposit, acceptance raises the whole quote with its own lines', async () => {
    const quote = await makeQuote({ depositKind: 'none', depositValue: 0 });
    const accepted = await call('POST', `/api/quotes/${quote.number}/accept`, customer.cookie, {
      name: 'Thandi Nkosi',
      acceptTerms: true,
    });
    const order = (await call('GET', '/api/orders', customer.cookie))
      .json<{ reference: string; total: number; items: { title: string }[] }[]>()
      .find((each) => each.reference === accepted.json().orderReference)!;
    expect(order.items.map((item) => item.title)).toEqual([
      'Business website, five pages',
      'Copywriting, per page',
    ]);
    expect(order.total).toBe(15_000);
  });

  it('cannot be accepted once expired or declined; the deposit is checked', async () => {
    const lapsing = await makeQuote({ validUntil: saToday() });
    const tomorrow = new Date(Date.now() + 86_400_000);
    await expect(
      acceptQuote(
        { db: t.app.database.db, config: t.app.config },
        lapsing.number,
        customer.user.id,
        { name: 'Thandi Nkosi', acceptTerms: true },
        tomorrow,
      ),
    ).rejects.toThrow(`Quote ${lapsing.number} expired on ${saToday()}: ask us for a new one`);

    const declined = await makeQuote();
    const no = await call('POST', `/api/quotes/${declined.number}/decline`, customer.cookie);
    expect(no.json<Quote>().status).toBe('declined');
    const late = await call('POST', `/api/quotes/${declined.number}/accept`, customer.cookie, {
      name: 'Thandi Nkosi',
      acceptTerms: true,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(`Quote ${declined.number} was declined: ask us for a new one`);

    const withdrawn = await makeQuote();
    const pulled = await call(
      'POST',
      `/api/admin/quotes/${withdrawn.number}/withdraw`,
      staff.cookie,
    );
    expect(pulled.json<Quote>().status).toBe('cancelled');
    const tooLate = await call('POST', `/api/quotes/${withdrawn.number}/accept`, customer.cookie, {
      name: 'Thandi Nkosi',
      acceptTerms: true,
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error).toBe(
      `Quote ${withdrawn.number} was withdrawn: ask us for a new one`,
    );

    const tooMuch = await call(
      'POST',
      '/api/admin/quotes',
      staff.cookie,
      websiteQuote({ depositKind: 'percent', depositValue: 100 }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('depositValue: Enter a deposit percentage from 1 to 99');
    const amount = await makeQuote({ depositKind: 'amount', depositValue: 2_000 });
    expect(amount).toMatchObject({ depositLabel: 'Deposit', deposit: 2_000 });
  });
});
