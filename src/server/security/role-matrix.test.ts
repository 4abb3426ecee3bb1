import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { signUp } from '../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../tests/helpers/admins.ts';
import { createSecureToken } from '../lib/secure-token.ts';
import { routeNames } from '../plugins/route-schemas.ts';
import { openAdminPaths } from '../features/admin-auth/admin-auth.routes.ts';
import { permissionRefusals } from '../plugins/sessions.ts';
import type { AdminPermission } from '#shared/admin.schemas.ts';

/**
 * Issue 25 §6: who may call each back-office route. A route added without a rule here fails the
 * first test, so every new route is decided on, not inherited by accident.
 * - owner: owners only (money out, prices, administrators, the data, what administrators did);
 * - staff: every administrator (the daily work);
 * - a permission (view_as_customer): owners, and staff an owner granted it;
 * - enrolment: any administrator, even one who still has to set up a second factor;
 * - open: before sign-in (their own tests cover them).
 */
type Rule = 'owner' | 'staff' | AdminPermission | 'enrolment' | 'open';
const rules: Record<string, Rule> = {
  'GET /api/admin/catalogue': 'owner',
  'PUT /api/admin/catalogue/services/:slug': 'owner',
  'PUT /api/admin/catalogue/packages/:id': 'owner',
  'GET /api/admin/catalogue/packages/:id/price-move': 'owner',
  'POST /api/admin/catalogue/packages/:id/price-move': 'owner',
  'PUT /api/admin/catalogue/add-ons/:id': 'owner',
  'PUT /api/admin/catalogue/tlds/:tld': 'owner',
  'GET /api/admin/service-requests': 'staff',
  'GET /api/admin/service-requests/:id': 'staff',
  'PATCH /api/admin/service-requests/:id': 'staff',
  'GET /api/admin/tickets/:reference/attachments/:fileId': 'staff',
  'GET /api/admin/tickets': 'staff',
  'GET /api/admin/tickets/:reference': 'staff',
  'PATCH /api/admin/tickets/:reference': 'staff',
  'POST /api/admin/tickets/:reference/messages': 'staff',
  'POST /api/admin/tickets/:reference/merge': 'staff',
  'GET /api/admin/canned-replies': 'staff',
  'POST /api/admin/canned-replies': 'staff',
  'PATCH /api/admin/canned-replies/:id': 'staff',
  'DELETE /api/admin/canned-replies/:id': 'staff',
  'GET /api/admin/support-departments': 'staff',
  'GET /api/admin/support-ratings': 'staff',
  'PATCH /api/admin/support-departments/:id': 'owner',
  // The help centre and announcements: the desk's daily work.
  'GET /api/admin/help/articles': 'staff',
  'POST /api/admin/help/articles': 'staff',
  'PUT /api/admin/help/articles/:id': 'staff',
  'POST /api/admin/help/articles/:id/status': 'staff',
  'DELETE /api/admin/help/articles/:id': 'staff',
  'POST /api/admin/help/preview': 'staff',
  'GET /api/admin/announcements': 'staff',
  'POST /api/admin/announcements/preview': 'staff',
  'POST /api/admin/announcements': 'staff',
  'PUT /api/admin/announcements/:id': 'staff',
  'DELETE /api/admin/announcements/:id': 'staff',
  // What every mail says, and how it looks: the owners speak for the company.
  'GET /api/admin/mail-templates': 'owner',
  'GET /api/admin/mail-templates/:key': 'owner',
  'PUT /api/admin/mail-templates/:key': 'owner',
  'DELETE /api/admin/mail-templates/:key': 'owner',
  'POST /api/admin/mail-templates/:key/preview': 'owner',
  'POST /api/admin/mail-templates/:key/test': 'owner',
  'GET /api/admin/mail-layout': 'owner',
  'PUT /api/admin/mail-layout': 'owner',
  'DELETE /api/admin/mail-layout': 'owner',
  'POST /api/admin/mail-layout/preview': 'owner',
  'GET /api/admin/projects/:reference/files/:fileId': 'staff',
  'GET /api/admin/projects': 'staff',
  'GET /api/admin/projects/:reference': 'staff',
  'PATCH /api/admin/projects/:reference': 'staff',
  'POST /api/admin/projects/:reference/comments': 'staff',
  'GET /api/admin/registrations': 'staff',
  'GET /api/admin/registrations/:reference': 'staff',
  'PUT /api/admin/registrations/:reference/checklist': 'staff',
  'POST /api/admin/registrations/:reference/stages': 'staff',
  'POST /api/admin/registrations/:reference/files': 'staff',
  'GET /api/admin/registrations/:reference/files/:fileId': 'staff',
  'GET /api/admin/compliance/filings': 'staff',
  'POST /api/admin/compliance/filings/:id/filed': 'staff',
  'GET /api/admin/business-plans': 'staff',
  'GET /api/admin/business-plans/:id': 'staff',
  'PUT /api/admin/business-plans/:id': 'staff',
  'POST /api/admin/business-plans/:id/comments': 'staff',
  'POST /api/admin/business-plans/:id/deliver': 'staff',
  'GET /api/admin/business-plans/:id/pdf': 'staff',
  'GET /api/admin/business-plans/:id/docx': 'staff',
  'GET /api/admin/domain-orders': 'staff',
  'GET /api/admin/domain-margins': 'staff',
  'GET /api/admin/domain-orders/:id': 'staff',
  'POST /api/admin/domain-orders/:id/retry': 'staff',
  'POST /api/admin/domain-orders/:id/refund': 'owner',
  'GET /api/admin/registrar': 'staff',
  'PATCH /api/admin/tlds/:tld': 'owner',
  'GET /api/admin/orders': 'staff',
  'PATCH /api/admin/orders/:reference': 'staff',
  'POST /api/admin/payments/:reference/refunds': 'owner',
  'GET /api/admin/payments/:reference/refund-terms': 'owner',
  'GET /api/admin/reconciliation': 'owner',
  'GET /api/admin/bank-transfers': 'owner',
  'POST /api/admin/bank-transfers': 'owner',
  'POST /api/admin/bank-statements': 'owner',
  'GET /api/admin/credit': 'owner',
  'GET /api/admin/coupons': 'staff',
  'GET /api/admin/past-due': 'staff',
  'GET /api/admin/customers/:id/dunning': 'staff',
  'GET /api/admin/dunning/policies': 'owner',
  'PUT /api/admin/dunning/policies/:kind': 'owner',
  'POST /api/admin/coupons': 'owner',
  'PUT /api/admin/coupons/:id': 'owner',
  'POST /api/admin/coupons/:id/end': 'owner',
  'GET /api/admin/customers': 'staff',
  'GET /api/admin/customers/:id': 'staff',
  'POST /api/admin/customers/:id/notes': 'staff',
  'POST /api/admin/customers/:id/password-reset': 'staff',
  'POST /api/admin/customers/:id/verification': 'staff',
  'POST /api/admin/customers/:id/view-as': 'view_as_customer',
  'DELETE /api/admin/view-as': 'staff',
  'GET /api/admin/invoices': 'staff',
  'POST /api/admin/invoices': 'staff',
  'GET /api/admin/quotes': 'staff',
  'POST /api/admin/quotes': 'staff',
  'GET /api/admin/quotes/:number': 'staff',
  'POST /api/admin/quotes/:number/balance': 'staff',
  'POST /api/admin/quotes/:number/withdraw': 'staff',
  'GET /api/admin/projects/:reference/quote': 'staff',
  'GET /api/admin/reports/aged-debtors': 'owner',
  'GET /api/admin/reports/aged-debtors.csv': 'owner',
  'GET /api/admin/reports/recurring-revenue': 'owner',
  'GET /api/admin/reports/recurring-revenue.csv': 'owner',
  'GET /api/admin/reports/revenue-by-customer': 'owner',
  'GET /api/admin/reports/revenue-by-customer.csv': 'owner',
  'GET /api/admin/reports/revenue-by-service': 'owner',
  'GET /api/admin/reports/revenue-by-service.csv': 'owner',
  'GET /api/admin/reports/vat-return': 'owner',
  'GET /api/admin/reports/vat-return.csv': 'owner',
  'GET /api/admin/customers/:email/credit': 'owner',
  'POST /api/admin/credit': 'owner',
  'GET /api/admin/subscriptions': 'staff',
  'POST /api/admin/subscriptions/:reference/cancel': 'staff',
  'GET /api/admin/speed-reports': 'staff',
  'GET /api/admin/two-factor': 'enrolment',
  'POST /api/admin/two-factor/setup': 'enrolment',
  'POST /api/admin/two-factor/confirm': 'enrolment',
  'GET /api/admin/administrators': 'owner',
  'POST /api/admin/administrators/invitations': 'owner',
  'DELETE /api/admin/administrators/invitations/:id': 'owner',
  'PATCH /api/admin/administrators/:id': 'owner',
  'POST /api/admin/administrators/:id/reset-two-factor': 'owner',
  'GET /api/admin/dashboard': 'staff',
  'GET /api/admin/outbox': 'staff',
  'GET /api/admin/outbox/:id': 'staff',
  'POST /api/admin/outbox/:id/open': 'owner',
  'GET /api/admin/audit-log': 'owner',
  'GET /api/admin/profit-analytics': 'owner',
  'GET /api/admin/profit-analytics/services': 'owner',
  'GET /api/admin/profit-analytics.csv': 'owner',
  'GET /api/admin/database/tables': 'owner',
  'GET /api/admin/database/backup': 'owner',
  'GET /api/admin/backups': 'owner',
  'POST /api/admin/backups': 'owner',
  'GET /api/admin/backups/:name': 'owner',
  'GET /api/admin/jobs': 'staff',
  'POST /api/admin/jobs/:id/retry': 'staff',
  ...Object.fromEntries(
    openAdminPaths.flatMap((path) => [`GET ${path}`, `POST ${path}`].map((r) => [r, 'open'])),
  ),
};

const roleRefusal = 'Only an owner of the business can do this';

let t: TestApp;
let ids: { owner: string; staff: string };
let customerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = {
    owner: (await signInAdmin(t.app, { role: 'owner' })).admin.id,
    staff: (await signInAdmin(t.app, { role: 'staff' })).admin.id,
  };
  customerCookie = (await signUp(t.app)).cookie;
});
afterAll(() => t.close());

/**
 * A session of its own for each call, so a call that signs out or changes the caller cannot
 * colour the next one.
 */
async function freshAdminCookie(adminId: string): Promise<string> {
  const { token, hash } = createSecureToken();
  await t.app.database.db.insert(sessions).values({
    id: hash,
    kind: 'admin',
    adminId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `admin_sid=${token}`;
}

const adminRoutes = () => routeNames(t.app).filter((route) => route.includes(' /api/admin'));
const sample = (path: string) =>
  path.replace(/:[A-Za-z]+/g, (name) =>
    name === ':id' ? '00000000-0000-4000-8000-000000000000' : 'X-NONE0',
  );

async function call(route: string, cookie?: string) {
  const [method, path] = route.split(' ') as [string, string];
  const response = await t.app.inject({
    method: method as 'GET',
    url: sample(path),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  const refusal = response.statusCode === 403 ? response.json<{ error: string }>().error : null;
  return {
    status: response.statusCode,
    refusedForRole: refusal === roleRefusal,
    refusedForPermission: (Object.entries(permissionRefusals) as [AdminPermission, string][]).find(
      ([, message]) => message === refusal,
    )?.[0],
  };
}

describe('the role × route matrix of the back office', () => {
  it('has a rule for every back-office route, and a route for every rule', () => {
    const routes = adminRoutes();
    const withoutRule = routes.filter((route) => !(route in rules));
    expect(withoutRule, 'routes without a rule in role-matrix.test.ts').toEqual([]);
    const openVariants = new Set(openAdminPaths.flatMap((p) => [`GET ${p}`, `POST ${p}`]));
    const stale = Object.keys(rules).filter(
      (rule) => !routes.includes(rule) && !openVariants.has(rule),
    );
    expect(stale, 'rules for routes that no longer exist').toEqual([]);
  });

  it('refuses nobody and a customer session on every guarded route (401)', async () => {
    for (const route of adminRoutes().filter((r) => rules[r] !== 'open')) {
      expect((await call(route)).status, `${route} without a session`).toBe(401);
      expect((await call(route, customerCookie)).status, `${route} as a customer`).toBe(401);
    }
  });

  it('lets staff through to their routes only (and those of their permissions), and owners through to all', async () => {
    for (const route of adminRoutes().filter((r) => rules[r] !== 'open')) {
      const asStaff = await call(route, await freshAdminCookie(ids.staff));
      const asOwner = await call(route, await freshAdminCookie(ids.owner));
      expect(asOwner.status, `${route} as an owner`).not.toBe(401);
      expect(asOwner.refusedForRole, `${route} as an owner`).toBe(false);
      expect(asOwner.refusedForPermission, `${route} as an owner`).toBeUndefined();
      expect(asStaff.status, `${route} as staff`).not.toBe(401);
      expect(asStaff.refusedForRole, `${route} as staff (${rules[route]})`).toBe(
        rules[route] === 'owner',
      );
      // Staff here were granted nothing: a permission's route refuses them, naming it.
      expect(asStaff.refusedForPermission, `${route} as staff (${rules[route]})`).toBe(
        rules[route]! in permissionRefusals ? rules[route] : undefined,
      );
    }
  });
});
