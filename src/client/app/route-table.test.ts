import { describe, expect, it } from 'vitest';
import {
  documentTitle,
  isAppShellPath,
  navEntries,
  notFoundTitle,
  pathsOf,
  prerenderedPages,
  redirects,
  routeIds,
  routeOf,
  routes,
  sitemapPaths,
  type Guard,
} from '#shared/routes.ts';
import { pageDescriptions } from '#shared/page-descriptions.ts';
import { pages } from './pages.tsx';

/** SPEC §2, path by path: who may open it, and whether the server prerenders it. */
const spec: { paths: string[]; guard: Guard; prerendered: boolean }[] = [
  {
    paths: [
      '/',
      '/portfolio',
      '/services',
      '/service-builder',
      '/services/business-registration',
      '/services/business-plan',
      '/services/financial-management',
      '/services/buy-website',
      '/services/build-website',
      '/website-request',
      '/services/request-service',
      '/services/speed-optimization',
      '/services/mobile-app',
      '/about',
      '/faq',
      '/contact',
      '/buy-domain',
      '/privacy',
      '/terms',
      '/domain/register',
      '/register-domain',
      '/domain-registration',
      '/checkout',
      '/payment/success',
      '/payment/cancel',
    ],
    guard: 'public',
    prerendered: true,
  },
  {
    paths: [
      '/auth',
      '/user/login',
      '/user/register',
      '/user/forgot-password',
      '/user/reset-password',
      '/reset-password',
      '/user/verify-email',
      '/debug-login',
      '/simple-login-test',
      '/login-test',
      '/auth-debug',
      '/admin/login',
      '/admin/setup',
      '/admin/invitation',
      '/support/reply',
      '/support/rate',
      '/help/announcements',
      '/help',
      '/help/registering-a-co-za-domain',
      '/unsubscribe',
      '/plans/shared',
      '/pay',
      '/speed-report/0b5f3c2e-9d1a-4e8b-a2f4-6c7d8e9f0a1b',
    ],
    guard: 'public',
    prerendered: false,
  },
  {
    paths: [
      '/user/dashboard',
      '/user/enhanced-dashboard',
      '/user-dashboard',
      '/dashboard',
      '/user/settings',
      '/user/payments',
      '/user/business-plans',
      '/user/business-plans/0b5f3c2e-9d1a-4e8b-a2f4-6c7d8e9f0a1b',
      '/user/domains',
      '/domain-management',
      '/payment/details/PAY-ABC123',
      '/payment/eft/SO-ABC123',
      '/payment/test',
      '/payment/debug',
      '/SimplePayFast',
      '/user/support',
      '/user/support/T-ABC123',
      '/user/speed-reports',
      '/user/projects',
      '/user/projects/P-ABC123',
      '/user/registrations',
      '/user/registrations/R-ABC123',
      '/user/compliance',
      '/user/quotes/Q-000001',
      '/user/orders/SO-ABC123',
    ],
    guard: 'user',
    prerendered: false,
  },
  {
    paths: [
      '/admin',
      '/admin/dashboard',
      '/admin/support-tickets',
      '/admin/support-tickets/T-ABC123',
      '/admin/support-tickets/canned-replies',
      '/admin/support-tickets/departments',
      '/admin/announcements',
      '/admin/help',
      '/admin/mail-templates',
      '/admin/mail-templates/receipt',
      '/admin/website-projects',
      '/admin/website-projects/P-ABC123',
      '/admin/registrations',
      '/admin/registrations/R-ABC123',
      '/admin/compliance-filings',
      '/admin/business-plans',
      '/admin/business-plans/0b5f3c2e-9d1a-4e8b-a2f4-6c7d8e9f0a1b',
      '/admin/domain-orders',
      '/admin/profit-analytics',
      '/admin/reports',
      '/admin/reconciliation',
      '/admin/bank-transfers',
      '/admin/subscriptions',
      '/admin/past-due',
      '/admin/dunning',
      '/admin/catalogue',
      '/admin/coupons',
      '/admin/dnsimple-management',
      '/admin/database-management',
      '/admin/customers',
      '/admin/customers/0b5f3c2e-9d1a-4e8b-a2f4-6c7d8e9f0a1b',
      '/admin/invoices',
      '/admin/invoices/new',
      '/admin/quotes/Q-000001',
      '/admin/service-requests',
      '/admin/outbox',
      '/admin/audit-log',
      '/admin/jobs',
      '/admin/speed-reports',
      '/admin/administrators',
      '/admin/two-factor',
    ],
    guard: 'admin',
    prerendered: false,
  },
];

const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null);

describe('the route table', () => {
  it('gives every route a page component, and every page a route', () => {
    for (const id of routeIds) expect(isComponent(pages[id]), id).toBe(true);
    expect(Object.keys(pages).sort()).toEqual([...routeIds].sort());
  });

  it('gives every route a title of its own, shared only by routes that show the same page', () => {
    for (const id of routeIds) {
      expect(routes[id].title.trim(), id).not.toBe('');
      expect(routes[id].title, id).not.toBe(notFoundTitle);
    }
    for (const a of routeIds) {
      for (const b of routeIds) {
        if (a < b && routes[a].title === routes[b].title) {
          expect(pages[a], `${a} and ${b} share a title but not a page`).toBe(pages[b]);
        }
      }
    }
  });

  it('writes titles as "<title> | <site>", the home page leading with the site', () => {
    expect(documentTitle('auth', 'Sebenza Digital')).toBe('Sign in | Sebenza Digital');
    expect(documentTitle('userRegister', 'Acme')).toBe('Create an account | Acme');
    expect(documentTitle('home', 'Acme')).toBe(`Acme | ${routes.home.title}`);
    expect(documentTitle(undefined, 'Acme')).toBe('404 Page Not Found');
  });

  it('declares every path once, and finds each path its own route', () => {
    const all = routeIds.flatMap(pathsOf);
    expect(new Set(all).size).toBe(all.length);
    for (const from of Object.keys(redirects)) expect(routeOf(from), from).toBeUndefined();
    for (const id of routeIds) {
      for (const path of pathsOf(id)) {
        expect(path, id).toMatch(/^\/(?:[A-Za-z0-9-]+|:[a-z]+)?(?:\/(?:[A-Za-z0-9-]+|:[a-z]+))*$/);
        expect(routeOf(path.replace(/:[a-z]+/g, 'X1')), path).toBe(id);
      }
    }
  });

  it('serves every path of SPEC §2 behind its guard, prerendered or from the app shell', () => {
    const declared = new Set<string>();
    for (const group of spec) {
      for (const path of group.paths) {
        const id = routeOf(path);
        expect(id, path).toBeDefined();
        declared.add(id!);
        expect(routes[id!].guard, path).toBe(group.guard);
        expect(isAppShellPath(path), path).toBe(!group.prerendered);
        expect(prerenderedPages.some((page) => page.path === path)).toBe(group.prerendered);
      }
    }
    expect([...declared].sort()).toEqual([...routeIds].sort());
  });

  it('answers any other path with nothing (the 404)', () => {
    for (const path of ['/nope', '/user', '/user/nope', '/payment/details', '/admin/x/y']) {
      expect(routeOf(path), path).toBeUndefined();
      expect(isAppShellPath(path), path).toBe(false);
    }
    expect(routeOf('/user/settings/')).toBe('userSettings');
  });

  it('prerenders public pages only, aliases pointing at the route path as canonical', () => {
    for (const page of prerenderedPages) {
      expect(routes[page.id].guard, page.path).toBe('public');
      expect(pageDescriptions[page.id].length, page.path).toBeGreaterThan(20);
      expect(page.canonicalPath).toBe(routes[page.id].path);
    }
    expect(sitemapPaths).toContain('/domain-registration');
    expect(sitemapPaths).not.toContain('/register-domain');
    expect(sitemapPaths).not.toContain('/checkout');
    expect(sitemapPaths.every((path) => routeOf(path) !== undefined)).toBe(true);
  });

  it('lists in each side navigation only pages its area may open', () => {
    const admin = navEntries('admin');
    expect(admin.map((link) => link.label)).toContain('Audit log');
    for (const link of admin) expect(routes[link.id].guard).toBe('admin');
    for (const link of navEntries('account')) expect(routes[link.id].guard).toBe('user');
  });
});
