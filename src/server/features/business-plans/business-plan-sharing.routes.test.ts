import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPlans } from '#db/schema/index.ts';
import type { Plan, PlanShare, SharedPlan } from '#shared/business-plans.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';
import { docxContent } from '../../../../tests/helpers/docx-text.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = injectCaller(() => t.app);

/** The token of a share link, and the path its reader's page and API take. */
const tokenOf = (share: PlanShare) => new URL(share.url).searchParams.get('token')!;

async function planWithText(cookie: string) {
  const created = (
    await call('POST', '/api/business-plans', { cookie, payload: { name: 'Durban bakery' } })
  ).json<Plan>();
  const saved = await call('PUT', `/api/business-plans/${created.id}`, {
    cookie,
    payload: {
      name: created.name,
      businessName: 'Umhlanga Breads (Pty) Ltd',
      sections: { ...created.sections, executiveSummary: 'Fresh bread for Umhlanga offices.' },
      assumptions: created.assumptions,
      baseVersion: created.version,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<Plan>();
}

describe("a business plan's read-only link", () => {
  it('opens the plan and its PDF without an account, until a new link replaces it or it is stopped', async () => {
    const owner = await signUp(t.app, { fullName: 'Ayesha Patel' });
    const plan = await planWithText(owner.cookie);
    expect(plan.sharedAt).toBeNull();

    const made = await call('POST', `/api/business-plans/${plan.id}/share`, {
      cookie: owner.cookie,
    });
    expect(made.statusCode, made.body).toBe(201);
    const share = made.json<PlanShare>();
    expect(share.url).toMatch(/\/plans\/shared\?token=[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    const [row] = await t.app.database.db
      .select()
      .from(businessPlans)
      .where(eq(businessPlans.id, plan.id));
    expect(row!.shareTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.shareTokenHash).not.toContain(tokenOf(share));

    const read = await call('GET', `/api/shared-plan?token=${tokenOf(share)}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<SharedPlan>()).toMatchObject({
      name: 'Durban bakery',
      businessName: 'Umhlanga Breads (Pty) Ltd',
      sections: { executiveSummary: 'Fresh bread for Umhlanga offices.' },
    });
    expect(read.json()).not.toHaveProperty('comments');
    const pdf = await call('GET', `/api/shared-plan/pdf?token=${tokenOf(share)}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await pdfText(pdf.rawPayload)).text).toContain('Fresh bread for Umhlanga offices.');
    const word = await call('GET', `/api/shared-plan/docx?token=${tokenOf(share)}`);
    expect(word.statusCode).toBe(200);
    expect(docxContent(word.rawPayload).paragraphs.map((p) => p.text)).toContain(
      'Fresh bread for Umhlanga offices.',
    );
    expect(
      (await call('GET', `/api/business-plans/${plan.id}`, { cookie: owner.cookie })).json<Plan>()
        .sharedAt,
    ).toBe(share.sharedAt);

    // A new link replaces the old one.
    const again = (
      await call('POST', `/api/business-plans/${plan.id}/share`, { cookie: owner.cookie })
    ).json<PlanShare>();
    const old = await call('GET', `/api/shared-plan?token=${tokenOf(share)}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({
      error: 'This link to a business plan does not work: it was stopped or replaced by its owner',
    });
    expect((await call('GET', `/api/shared-plan?token=${tokenOf(again)}`)).statusCode).toBe(200);

    // Stopped: neither the page's data nor its documents open.
    const stopped = await call('DELETE', `/api/business-plans/${plan.id}/share`, {
      cookie: owner.cookie,
    });
    expect(stopped.json()).toEqual({ message: 'The link no longer opens the plan.' });
    expect((await call('GET', `/api/shared-plan?token=${tokenOf(again)}`)).statusCode).toBe(404);
    for (const format of ['pdf', 'docx'])
      expect(
        (await call('GET', `/api/shared-plan/${format}?token=${tokenOf(again)}`)).statusCode,
      ).toBe(404);
  });

  it('is made and stopped by the owner only, and a malformed link is a 400', async () => {
    const owner = await signUp(t.app, { fullName: 'Ayesha Patel' });
    const other = await signUp(t.app, { fullName: 'Sipho Nkosi' });
    const plan = await planWithText(owner.cookie);
    expect((await call('POST', `/api/business-plans/${plan.id}/share`)).statusCode).toBe(401);
    const theirs = await call('POST', `/api/business-plans/${plan.id}/share`, {
      cookie: other.cookie,
    });
    expect(theirs.statusCode).toBe(404);
    const stopTheirs = await call('DELETE', `/api/business-plans/${plan.id}/share`, {
      cookie: other.cookie,
    });
    expect(stopTheirs.statusCode).toBe(404);
    const short = await call('GET', '/api/shared-plan?token=abc');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: string }>().error).toContain('This link is not complete');
    expect((await call('GET', `/api/shared-plan?token=${'A'.repeat(43)}`)).statusCode).toBe(404);
  });
});
