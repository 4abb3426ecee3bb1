import { and, count, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  supportTicketLinks,
  supportTicketMessages,
  supportTickets,
} from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { createTicketThreads, openTicket, type TicketDeps } from './tickets.service.ts';
import { receiveTicketMail } from './ticket-mail-in.service.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';

let t: TestApp;
let deps: TicketDeps;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'merge-office@example.co.za' });
  deps = {
    db: t.app.database.db,
    config: t.app.config,
    threads: createTicketThreads(t.app.config, t.app.secretBox),
  };
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const call = injectCaller(() => t.app, '203.0.113');

const merge = (reference: string, into: string, cookie = admin.cookie) =>
  call('POST', `/api/admin/tickets/${reference}/merge`, { cookie, payload: { into } });

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openAs(cookie: string, message: string, files: object[] = []) {
  const response = await call('POST', '/api/tickets', {
    cookie,
    payload: { subject: 'Website down', category: 'website', message, files },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ reference: string }>().reference;
}

/** A visitor's ticket (no account), as the contact form or a mail to support opens one. */
async function openAsGuest(email: string, message: string) {
  const ticket = await openTicket(deps, {
    userId: null,
    name: 'Visitor',
    email,
    subject: 'A question',
    category: 'other',
    message,
    source: 'contact_form',
    ip: null,
  });
  return ticket.reference;
}

type AdminView = {
  reference: string;
  state: string;
  mergedInto: string | null;
  updatedAt: string;
  messages: { body: string; internal: boolean; author: string; files: { id: string }[] }[];
  attachments: { id: string; filename: string }[];
};
const adminView = async (reference: string) => {
  const response = await call('GET', `/api/admin/tickets/${reference}`, { cookie: admin.cookie });
  expect(response.statusCode).toBe(200);
  return response.json<AdminView>();
};

const messageCount = async () =>
  (await t.app.database.db.select({ n: count() }).from(supportTicketMessages))[0]!.n;

describe('merging a ticket into another', () => {
  it('moves messages, files and links, notes both, closes the source; the customer reads one thread', async () => {
    const customer = await signUp(t.app, { fullName: 'Lerato Mokoena' });
    const source = await openAs(customer.cookie, 'The site shows a 502 since this morning.', [
      { filename: 'error.png', content: png.toString('base64') },
    ]);
    const loose = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${source}/attachments?filename=later.png`,
      headers: { cookie: customer.cookie, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    expect(loose.statusCode).toBe(201);
    await call('POST', `/api/tickets/${source}/messages`, {
      cookie: customer.cookie,
      payload: { message: 'Still down after lunch.' },
    });
    await call('POST', `/api/admin/tickets/${source}/messages`, {
      cookie: admin.cookie,
      payload: { message: 'Hosting node 3 restarted twice.', internal: true },
    });
    const target = await openAs(customer.cookie, 'Also: my contact form sends nothing.');
    await call('POST', `/api/admin/tickets/${target}/messages`, {
      cookie: admin.cookie,
      payload: { message: 'We are looking into both.' },
    });
    const before = await adminView(target);

    // Staff paste references as they find them: spaces and lower case are forgiven.
    const merged = await merge(source, `  ${target.toLowerCase()} `);
    expect(merged.statusCode).toBe(200);
    const view = merged.json<AdminView>();
    expect(view.reference).toBe(target);
    expect(view.mergedInto).toBeNull();
    expect(view.messages.map((m) => m.body)).toEqual([
      'The site shows a 502 since this morning.',
      'Still down after lunch.',
      'Hosting node 3 restarted twice.',
      'Also: my contact form sends nothing.',
      'We are looking into both.',
      `${source} was merged into this ticket by ${admin.admin.name}.`,
    ]);
    expect(view.messages.at(-1)).toMatchObject({ internal: true, author: 'staff' });
    expect(view.messages[0]!.files).toHaveLength(1);
    expect(view.attachments.map((f) => f.filename)).toEqual(['later.png']);
    expect(new Date(view.updatedAt).getTime()).toBeGreaterThan(
      new Date(before.updatedAt).getTime(),
    );
    // The files are the target's now, and no longer the source's.
    const fileId = view.messages[0]!.files[0]!.id;
    const download = (reference: string) =>
      call('GET', `/api/admin/tickets/${reference}/attachments/${fileId}`, {
        cookie: admin.cookie,
      });
    expect((await download(target)).statusCode).toBe(200);
    expect((await download(source)).statusCode).toBe(404);

    const old = await adminView(source);
    expect(old).toMatchObject({ state: 'closed', mergedInto: target, attachments: [] });
    expect(old.messages).toMatchObject([
      { body: `Merged into ${target} by ${admin.admin.name}.`, internal: true },
    ]);
    const [row] = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, source));
    expect(row!.closedAt).not.toBeNull();
    const list = await call('GET', '/api/admin/tickets?state=closed', { cookie: admin.cookie });
    expect(list.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ reference: source, mergedInto: target })]),
    );

    // The customer's view of the target: every public message of both, no notes.
    const seen = await call('GET', `/api/tickets/${target}`, { cookie: customer.cookie });
    expect(seen.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'The site shows a 502 since this morning.',
      'Still down after lunch.',
      'Also: my contact form sends nothing.',
      'We are looking into both.',
    ]);
    expect(seen.json().attachments).toHaveLength(1);

    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.merged'), eq(auditLog.entityId, source)));
    expect(audits).toMatchObject([{ actor: admin.email, details: { from: source, into: target } }]);

    // A retry (the first answer was lost): the target again, nothing moved or noted twice.
    const total = await messageCount();
    const again = await merge(source, target);
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminView>().messages).toHaveLength(view.messages.length);
    expect(await messageCount()).toBe(total);
    const auditsAfter = await t.app.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.merged'), eq(auditLog.entityId, source)));
    expect(auditsAfter[0]!.n).toBe(1);
  });

  it("moves a visitor's reply links; visitors match by e-mail in any case", async () => {
    const source = await openAsGuest('Sam.Visitor@Example.co.za', 'Do you build shops?');
    const target = await openAsGuest('sam.visitor@example.co.za', 'And mobile apps?');
    const ids = await t.app.database.db
      .select({ id: supportTickets.id, reference: supportTickets.reference })
      .from(supportTickets);
    const idOf = (reference: string) => ids.find((row) => row.reference === reference)!.id;
    const linksOf = async (reference: string) =>
      (
        await t.app.database.db
          .select({ n: count() })
          .from(supportTicketLinks)
          .where(eq(supportTicketLinks.ticketId, idOf(reference)))
      )[0]!.n;
    expect(await linksOf(source)).toBe(1);

    const merged = await merge(source, target);
    expect(merged.statusCode).toBe(200);
    expect(await linksOf(source)).toBe(0);
    expect(await linksOf(target)).toBe(2);
  });
});

describe('what a merge refuses', () => {
  it('refuses with a clear reason and changes nothing', async () => {
    const customer = await signUp(t.app);
    const a = await openAs(customer.cookie, 'First question about hosting.');
    const b = await openAs(customer.cookie, 'Second question about hosting.');
    const closed = await openAs(customer.cookie, 'A question already answered.');
    await call('PATCH', `/api/admin/tickets/${closed}`, {
      cookie: admin.cookie,
      payload: { state: 'closed' },
    });
    const stranger = await signUp(t.app);
    const theirs = await openAs(stranger.cookie, 'Somebody else entirely.');
    const guest = await openAsGuest(customer.email, 'Same address, but no account.');
    const total = await messageCount();

    const refusals: [string, string, number, string][] = [
      [a, a.toLowerCase(), 400, 'A ticket cannot be merged into itself'],
      [a, 'T-NOPE99', 404, 'That ticket does not exist'],
      ['T-NOPE99', a, 404, 'T-NOPE99 does not exist'],
      [a, closed, 409, `${closed} is closed: open it again before merging into it`],
      [a, theirs, 409, 'These tickets are from different customers'],
      [a, guest, 409, 'These tickets are from different customers'],
      [a, 'not a reference', 400, 'A ticket reference looks like T-7KQ2MX'],
    ];
    for (const [from, into, status, error] of refusals) {
      const response = await merge(from, into);
      expect(response.statusCode, `${from} → ${into}`).toBe(status);
      expect(response.json().error, `${from} → ${into}`).toContain(error);
    }
    expect(await messageCount()).toBe(total);
    expect((await adminView(a)).state).toBe('open');

    // Once merged, a ticket goes nowhere else, and nothing goes into it.
    expect((await merge(a, b)).statusCode).toBe(200);
    const other = await openAs(customer.cookie, 'Third question.');
    const elsewhere = await merge(a, other);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toBe(`${a} was already merged into another ticket`);
    const into = await merge(other, a);
    expect(into.statusCode).toBe(409);
    expect(into.json()).toMatchObject({
      error: `${a} was itself merged into another ticket: merge into that one`,
      issues: [{ path: 'into' }],
    });
  });

  it('is for administrators only', async () => {
    const customer = await signUp(t.app);
    const a = await openAs(customer.cookie, 'First question about e-mail.');
    const b = await openAs(customer.cookie, 'Second question about e-mail.');
    expect((await merge(a, b, customer.cookie)).statusCode).toBe(401);
    expect(
      (await call('POST', `/api/admin/tickets/${a}/merge`, { payload: { into: b } })).statusCode,
    ).toBe(401);
    expect((await adminView(a)).mergedInto).toBeNull();
    const staff = await signInAdmin(t.app, { role: 'staff' });
    expect((await merge(a, b, staff.cookie)).statusCode).toBe(200);
  });
});

describe('two administrators merging the same pair both ways at once', () => {
  it('lets exactly one merge happen', async () => {
    const customer = await signUp(t.app);
    const other = await signInAdmin(t.app);
    for (let round = 0; round < 3; round += 1) {
      const a = await openAs(customer.cookie, `Round ${round}: first.`);
      const b = await openAs(customer.cookie, `Round ${round}: second.`);
      const answers = await Promise.all([merge(a, b), merge(b, a, other.cookie)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const views = await Promise.all([adminView(a), adminView(b)]);
      const mergedOnes = views.filter((v) => v.mergedInto !== null);
      expect(mergedOnes).toHaveLength(1);
      const survivor = views.find((v) => v.mergedInto === null)!;
      // Both first messages, once each, and one note: nothing moved twice or lost.
      expect(survivor.messages.filter((m) => !m.internal).map((m) => m.body)).toEqual([
        `Round ${round}: first.`,
        `Round ${round}: second.`,
      ]);
      expect(survivor.messages.filter((m) => m.internal)).toHaveLength(1);
      expect(survivor.state).toBe('open');
    }
  });
});

describe('a reply to a merged ticket', () => {
  it('lands in the ticket it was merged into, from the dashboard and by e-mail', async () => {
    const customer = await signUp(t.app, { fullName: 'Ayanda Zulu' });
    const source = await openAs(customer.cookie, 'My domain does not resolve.');
    const target = await openAs(customer.cookie, 'DNS changes are not showing.');
    expect((await merge(source, target)).statusCode).toBe(200);

    const reply = await call('POST', `/api/tickets/${source}/messages`, {
      cookie: customer.cookie,
      payload: { message: 'It resolves now on my phone, not on my laptop.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().reference).toBe(target);

    const raw = [
      `From: Ayanda Zulu <${customer.email}>`,
      `To: ${deps.threads.outgoing(source).replyTo}`,
      `Subject: Re: [${source}] New reply`,
      'Message-ID: <reply-1@mail.example.co.za>',
      '',
      'And now the laptop works too. Thanks!',
      '',
    ].join('\r\n');
    const received = await receiveTicketMail(deps, {
      envelopeFrom: customer.email,
      recipients: [deps.threads.outgoing(source).replyTo],
      parsed: await simpleParser(raw),
    });
    expect(received).toEqual({ kind: 'added', reference: target });

    const bodies = (await adminView(target)).messages.map((m) => m.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        'It resolves now on my phone, not on my laptop.',
        'And now the laptop works too. Thanks!',
      ]),
    );
    const old = await adminView(source);
    expect(old.state).toBe('closed');
    expect(old.messages).toHaveLength(1);
  });
});
