import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementMails, announcements, auditLog, mailOutbox, users } from '#db/schema/index.ts';
import type { Announcement, PublicAnnouncement } from '#shared/announcements.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { controlledClock } from '../../../../tests/helpers/clock.ts';
import { jobsNamed } from '../../../../tests/helpers/jobs.ts';
import {
  mailingBatchDelaySeconds,
  mailingBatchSize,
  runAnnouncementMailing,
} from './announcement-mailing.ts';
import { createUnsubscribeTokens } from './marketing-unsubscribe.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof signInAdmin>>;
let clock: ReturnType<typeof controlledClock>;
const start = new Date('2027-03-01T08:00:00Z');
const hours = (n: number) => new Date(clock.now.getTime() + n * 3_600_000);
// The app's clock runs on from where the test set it: a batch's next one is due a little later.
const nextBatch = () => new Date(clock.now.getTime() + (mailingBatchDelaySeconds + 5) * 1000);

/** Moves the clock batch by batch until no mailing has a run to come. */
async function finishMailings() {
  for (let batch = 0; batch < 20; batch++) {
    await clock.moveTo(nextBatch());
    const jobs = await jobsNamed(t.app, 'announcement-mailing');
    if (!jobs.some((job) => job.status === 'queued')) return;
  }
  throw new Error('the mailing never finished');
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://www.example.co.za' });
  // Signed in on the test's clock: the session's idle time is counted on it.
  clock = controlledClock(t.app, start);
  staff = await signInAdmin(t.app, { role: 'staff' });
});
afterAll(async () => {
  clock.stop();
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object } = {},
) =>
  t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

const valid = (overrides: object = {}) => ({
  title: 'Planned maintenance',
  kind: 'service',
  bodyMarkdown: 'Our site is down for **maintenance** on Saturday.\n\n- Orders wait\n- Mail waits',
  startsAt: clock.now.toISOString(),
  endsAt: null,
  mailCustomers: false,
  ...overrides,
});

async function create(payload: object): Promise<Announcement> {
  const response = await call('POST', '/api/admin/announcements', {
    cookie: staff.cookie,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Announcement>();
}

const currentTitles = async () => {
  const response = await call('GET', '/api/announcements');
  expect(response.statusCode).toBe(200);
  return response.json<PublicAnnouncement[]>().map((a) => a.title);
};

/** Customers made straight in the table (a sign-up each would take minutes for a mailing). */
async function makeCustomers(
  n: number,
  tag: string,
  values: Partial<typeof users.$inferInsert> = {},
) {
  const rows = await t.app.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${tag}-${i}-${Date.now()}@example.co.za`,
        fullName: `Customer ${tag} ${i}`,
        emailVerifiedAt: new Date(),
        ...values,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return rows;
}

const mailsOf = async (announcementId: string) =>
  t.app.database.db
    .select({ userId: announcementMails.userId })
    .from(announcementMails)
    .where(eq(announcementMails.announcementId, announcementId));

const mailableCount = async (marketing: boolean) => {
  const [row] = await t.app.database.db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        isNotNull(users.emailVerifiedAt),
        isNull(users.deletedAt),
        marketing ? isNull(users.marketingOptOutAt) : undefined,
      ),
    );
  return row!.n;
};

describe('announcements, shown between their start and end', () => {
  it('shows what has started and not ended, newest first, with its sanitised HTML', async () => {
    const now = clock.now;
    const current = await create(
      valid({
        title: 'Current one',
        bodyMarkdown: 'Hello <script>alert(1)</script> **there**',
        startsAt: new Date(now.getTime() - 3_600_000).toISOString(),
        endsAt: new Date(now.getTime() + 2 * 3_600_000).toISOString(),
      }),
    );
    expect(current.bodyHtml).toBe('<p>Hello  <strong>there</strong></p>\n');
    await create(valid({ title: 'Newest, no end', startsAt: now.toISOString() }));
    await create(valid({ title: 'Scheduled', startsAt: hours(1).toISOString() }));
    await create(
      valid({
        title: 'Past',
        startsAt: new Date(now.getTime() - 48 * 3_600_000).toISOString(),
        endsAt: new Date(now.getTime() - 3_600_000).toISOString(),
      }),
    );
    expect(await currentTitles()).toEqual(['Newest, no end', 'Current one']);

    clock.set(hours(1));
    expect(await currentTitles()).toEqual(['Scheduled', 'Newest, no end', 'Current one']);
    // The end is exclusive: at 2 h past the first's creation it is gone.
    clock.set(hours(1));
    expect(await currentTitles()).toEqual(['Scheduled', 'Newest, no end']);

    const list = await call('GET', '/api/admin/announcements', { cookie: staff.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json<Announcement[]>().map((a) => a.title)).toEqual([
      'Scheduled',
      'Newest, no end',
      'Current one',
      'Past',
    ]);
    expect(list.json<Announcement[]>()[0]).toMatchObject({
      mailCustomers: false,
      mailing: { state: 'off', mailed: 0 },
    });
    for (const announcement of list.json<Announcement[]>()) {
      await call('DELETE', `/api/admin/announcements/${announcement.id}`, { cookie: staff.cookie });
    }
    expect(await currentTitles()).toEqual([]);
  });

  it('reads a date-time box’s time as South African time', async () => {
    const made = await create(valid({ startsAt: '2027-03-05T09:30', endsAt: '2027-03-06T17:00' }));
    expect(made.startsAt).toBe('2027-03-05T07:30:00.000Z');
    expect(made.endsAt).toBe('2027-03-06T15:00:00.000Z');
    await call('DELETE', `/api/admin/announcements/${made.id}`, { cookie: staff.cookie });
  });

  it('is changed and deleted by staff, each change audited', async () => {
    const made = await create(valid({ title: 'First words' }));
    const changed = await call('PUT', `/api/admin/announcements/${made.id}`, {
      cookie: staff.cookie,
      payload: valid({ title: 'Better words', bodyMarkdown: 'New *text*' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Better words',
      bodyHtml: '<p>New <em>text</em></p>\n',
    });
    const deleted = await call('DELETE', `/api/admin/announcements/${made.id}`, {
      cookie: staff.cookie,
    });
    expect(deleted.json()).toEqual({ id: made.id, title: 'Better words' });
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, made.id))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.actor])).toEqual([
      ['announcement.created', staff.email],
      ['announcement.updated', staff.email],
      ['announcement.deleted', staff.email],
    ]);
    expect(audits[2]!.details).toMatchObject({ bodyMarkdown: 'New *text*' });
    const missing = await call('PUT', `/api/admin/announcements/${made.id}`, {
      cookie: staff.cookie,
      payload: valid(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('That announcement does not exist');
  });

  it('refuses bad input with a clear error', async () => {
    const refuse = async (payload: object, path: string, message: RegExp) => {
      const response = await call('POST', '/api/admin/announcements', {
        cookie: staff.cookie,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ error: string; issues: { path: string; message: string }[] }>();
      expect(body.error).toMatch(message);
      expect(body.issues.map((issue) => issue.path)).toContain(path);
    };
    await refuse(valid({ title: 'Hi' }), 'title', /at least 3 characters/);
    await refuse(valid({ title: 'x'.repeat(121) }), 'title', /120 characters/);
    await refuse(valid({ bodyMarkdown: '   ' }), 'bodyMarkdown', /Write the announcement/);
    await refuse(valid({ kind: 'spam' }), 'kind', /service news or news and offers/);
    await refuse(valid({ startsAt: 'tomorrow' }), 'startsAt', /start as a date and time/);
    await refuse(
      valid({ startsAt: '2027-03-05T10:00', endsAt: '2027-03-05T10:00' }),
      'endsAt',
      /The end must be after the start/,
    );
    const preview = await call('POST', '/api/admin/announcements/preview', {
      cookie: staff.cookie,
      payload: { bodyMarkdown: '# Big\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toBe('<h2>Big</h2>\n<p><a>x</a> <img src="x" /></p>\n');
  });

  it('keeps the back office to administrators: a customer or nobody gets 401', async () => {
    const customer = await signUp(t.app);
    const made = await create(valid({ title: 'Kept' }));
    for (const cookie of [customer.cookie, undefined]) {
      const options = cookie ? { cookie } : {};
      for (const [method, url] of [
        ['GET', '/api/admin/announcements'],
        ['POST', '/api/admin/announcements'],
        ['POST', '/api/admin/announcements/preview'],
        ['PUT', `/api/admin/announcements/${made.id}`],
        ['DELETE', `/api/admin/announcements/${made.id}`],
      ] as const) {
        const response = await call(method, url, { ...options, payload: valid() });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    const [row] = await t.app.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, made.id));
    expect(row?.title).toBe('Kept');
    await call('DELETE', `/api/admin/announcements/${made.id}`, { cookie: staff.cookie });
  });
});

describe('mailing an announcement', () => {
  const deps = () => ({
    db: t.app.database.db,
    config: t.config,
    tokens: createUnsubscribeTokens(t.app.secretBox),
  });

  it('mails every verified customer at its start, in batches a minute apart, once each', async () => {
    await makeCustomers(mailingBatchSize + 20, 'service');
    const [unverified] = await makeCustomers(1, 'unverified', { emailVerifiedAt: null });
    const [deleted] = await makeCustomers(1, 'deleted', { deletedAt: new Date() });
    const [optedOut] = await makeCustomers(1, 'opted-out', { marketingOptOutAt: new Date() });
    const everyone = await mailableCount(false);
    expect(everyone).toBeGreaterThan(mailingBatchSize);

    const startsAt = hours(2);
    const made = await create(
      valid({
        title: 'Maintenance on Saturday',
        startsAt: startsAt.toISOString(),
        mailCustomers: true,
      }),
    );
    expect(made.mailing.state).toBe('scheduled');
    await clock.moveTo(hours(1));
    expect(await mailsOf(made.id)).toHaveLength(0);

    // At the start: the first batch, and the next queued a minute later.
    await clock.moveTo(hours(1));
    expect(await mailsOf(made.id)).toHaveLength(mailingBatchSize);
    const [mid] = await call('GET', '/api/admin/announcements', { cookie: staff.cookie }).then(
      (r) => r.json<Announcement[]>().filter((a) => a.id === made.id),
    );
    expect(mid!.mailing).toEqual({ state: 'mailing', mailed: mailingBatchSize });
    await clock.moveTo(nextBatch());
    const mailed = await mailsOf(made.id);
    expect(mailed).toHaveLength(everyone);
    const ids = mailed.map((row) => row.userId);
    expect(ids).toContain(optedOut!.id);
    expect(ids).not.toContain(unverified!.id);
    expect(ids).not.toContain(deleted!.id);

    const [done] = await call('GET', '/api/admin/announcements', { cookie: staff.cookie }).then(
      (r) => r.json<Announcement[]>().filter((a) => a.id === made.id),
    );
    expect(done!.mailing).toEqual({ state: 'mailed', mailed: everyone });
    const [row] = await t.app.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, made.id));
    expect(row!.mailQueuedAt!.getTime() - startsAt.getTime()).toBeLessThan(5000);

    // Service news carries no unsubscribe; its text is the Markdown as readable text.
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Maintenance on Saturday'));
    expect(mails).toHaveLength(everyone);
    expect(mails[0]!.headers).toBeNull();
    expect(mails[0]!.text).toContain('Our site is down for maintenance on Saturday.');
    expect(mails[0]!.text).toContain('• Orders wait\n• Mail waits');
    expect(mails[0]!.text).toContain(
      'Read it on our site: https://www.example.co.za/help/announcements',
    );
    expect(mails[0]!.text).not.toMatch(/unsubscribe/i);

    // Run again (a retry, a second save): nobody is mailed twice.
    expect(await runAnnouncementMailing(deps(), made.id, clock.now)).toEqual({
      outcome: 'mailed',
      mailed: 0,
      more: false,
    });
    expect(await mailsOf(made.id)).toHaveLength(everyone);
    await call('DELETE', `/api/admin/announcements/${made.id}`, { cookie: staff.cookie });
  });

  it('never mails a customer twice when two runs race', async () => {
    const made = await create(valid({ title: 'Race', mailCustomers: false }));
    await t.app.database.db
      .update(announcements)
      .set({ mailCustomers: true })
      .where(eq(announcements.id, made.id));
    const runs = await Promise.all([
      runAnnouncementMailing(deps(), made.id, clock.now),
      runAnnouncementMailing(deps(), made.id, clock.now),
      runAnnouncementMailing(deps(), made.id, clock.now),
    ]);
    const mailedByRuns = runs.reduce(
      (sum, run) => sum + (run.outcome === 'mailed' ? run.mailed : 0),
      0,
    );
    const rows = await mailsOf(made.id);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
    expect(mailedByRuns).toBe(rows.length);
    const outbox = await t.app.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Race'));
    expect(outbox[0]!.n).toBe(rows.length);
    // Whatever the runs left is mailed by the chain they queued, still once each.
    await finishMailings();
    expect(await mailsOf(made.id)).toHaveLength(await mailableCount(false));
    const [again] = await t.app.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Race'));
    expect(again!.n).toBe(await mailableCount(false));
    await call('DELETE', `/api/admin/announcements/${made.id}`, { cookie: staff.cookie });
  });

  it('mails news and offers only to customers who did not unsubscribe, with one-click unsubscribe', async () => {
    const [keen, leaving] = await makeCustomers(2, 'marketing');
    const made = await create(
      valid({ title: 'Half price hosting', kind: 'marketing', mailCustomers: true }),
    );
    await finishMailings();
    const mailed = (await mailsOf(made.id)).map((row) => row.userId);
    expect(mailed).toHaveLength(await mailableCount(true));
    expect(mailed).toEqual(expect.arrayContaining([keen!.id, leaving!.id]));
    const optedOut = await t.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(isNotNull(users.marketingOptOutAt));
    expect(optedOut.length).toBeGreaterThan(0);
    expect(mailed.some((id) => optedOut.some((o) => o.id === id))).toBe(false);

    const [mail] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subject, 'Half price hosting'), eq(mailOutbox.to, leaving!.email)));
    const listUnsubscribe = mail!.headers!.listUnsubscribe!;
    expect(listUnsubscribe).toMatch(
      /^https:\/\/www\.example\.co\.za\/api\/marketing\/unsubscribe\?token=/,
    );
    expect(mail!.headers!.messageId).toBe(
      `<announcement.${made.id}.${leaving!.id}@www.example.co.za>`,
    );
    expect(mail!.text).toMatch(/Unsubscribe: https:\/\/www\.example\.co\.za\/unsubscribe\?token=/);

    // The mail program's one-click POST (RFC 8058): a form body, the token in the URL.
    const url = new URL(listUnsubscribe);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: true });
    const [after] = await t.app.database.db
      .select({ at: users.marketingOptOutAt })
      .from(users)
      .where(eq(users.id, leaving!.id));
    expect(after!.at).toBeInstanceOf(Date);

    // RFC 8058 allows the form as multipart too.
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);

    // Our page's JSON POST with the same token: done already, still fine.
    const token = url.searchParams.get('token')!;
    const again = await call('POST', '/api/marketing/unsubscribe', { payload: { token } });
    expect(again.statusCode).toBe(200);
    const [still] = await t.app.database.db
      .select({ at: users.marketingOptOutAt })
      .from(users)
      .where(eq(users.id, leaving!.id));
    expect(still!.at).toEqual(after!.at);

    // A token nobody signed, or none: 400, and nobody is unsubscribed.
    const forged = `${keen!.id}.${'0'.repeat(32)}`;
    for (const payload of [{ token: forged }, { token: 'nonsense' }, {}]) {
      const refused = await call('POST', '/api/marketing/unsubscribe', { payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('That unsubscribe link is not valid');
    }
    const [kept] = await t.app.database.db
      .select({ at: users.marketingOptOutAt })
      .from(users)
      .where(eq(users.id, keen!.id));
    expect(kept!.at).toBeNull();
  });

  it('does not mail an announcement that ended before its mailing could begin', async () => {
    const made = await create(
      valid({
        title: 'Too late',
        startsAt: hours(1).toISOString(),
        endsAt: hours(2).toISOString(),
        mailCustomers: false,
      }),
    );
    await t.app.database.db
      .update(announcements)
      .set({ mailCustomers: true })
      .where(eq(announcements.id, made.id));
    clock.set(hours(3));
    expect(await runAnnouncementMailing(deps(), made.id, clock.now)).toEqual({
      outcome: 'skipped',
      reason: 'ended before its mailing began',
    });
    expect(await mailsOf(made.id)).toHaveLength(0);
  });

  it('lets a signed-in customer turn news and offers off and on in their settings', async () => {
    const customer = await signUp(t.app);
    const read = () => call('GET', '/api/user/marketing-mail', { cookie: customer.cookie });
    expect((await read()).json()).toEqual({ subscribed: true });
    const off = await call('PUT', '/api/user/marketing-mail', {
      cookie: customer.cookie,
      payload: { subscribed: false },
    });
    expect(off.json()).toEqual({ subscribed: false });
    expect((await read()).json()).toEqual({ subscribed: false });
    await call('PUT', '/api/user/marketing-mail', {
      cookie: customer.cookie,
      payload: { subscribed: true },
    });
    expect((await read()).json()).toEqual({ subscribed: true });
    expect((await call('GET', '/api/user/marketing-mail')).statusCode).toBe(401);
    const jobs = await jobsNamed(t.app, 'announcement-mailing');
    expect(jobs.every((job) => job.status !== 'failed')).toBe(true);
  });
});
