import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { orderItemSchema } from '#shared/orders.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { orderLineKinds } from '../../order-line-kinds.ts';
import {
  nothingToStart,
  type OrderLineKind,
  type OrderLineRegistry,
} from './order-lines.service.ts';
import { testLineKind } from './order-pricing.service.ts';

/**
 * The order-line registry (decision 020): every line type has its kind, and orders and payments
 * reach the selling features only through it.
 */

const featuresDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Enough of an app for the kinds to be put together (none is called here). */
const app = {
  config: { site: {}, publicUrl: 'https://shop.example.co.za', speedReports: { allowHosts: [] } },
  domainChecker: {},
  registrar: { provider: 'local' },
} as unknown as AppInstance;

describe('the order-line registry', () => {
  it('has a kind, with a price and a fulfilment, for every line type the cart or the server makes', () => {
    const registry = orderLineKinds(app);
    const cartTypes = orderItemSchema.options.map((option) => option.shape.type.value);
    expect(Object.keys(registry).sort()).toEqual(
      [...cartTypes, 'test', 'invoice-line', 'quote-part'].sort(),
    );
    for (const kind of Object.values(registry)) {
      expect(typeof kind.price).toBe('function');
      expect(typeof kind.fulfil).toBe('function');
    }
  });

  it('does not compile with a line type left out or a kind without its fulfilment', () => {
    const registry = orderLineKinds(app);
    // @ts-expect-error: the test payment's kind is missing
    const missing: OrderLineRegistry = { ...registry, test: undefined };
    // @ts-expect-error: a kind must say what a payment starts for its lines
    const unfulfilled: OrderLineKind<'test'> = { price: testLineKind.price };
    const fulfilled: OrderLineKind<'test'> = { price: testLineKind.price, fulfil: nothingToStart };
    expect([missing, unfulfilled, fulfilled]).toHaveLength(3);
  });

  it('keeps orders and payments free of the features that sell (those with *.order-lines.ts)', () => {
    const features = readdirSync(featuresDir, { withFileTypes: true }).filter((d) =>
      d.isDirectory(),
    );
    const selling = features
      .filter((d) =>
        readdirSync(join(featuresDir, d.name)).some((f) => f.endsWith('.order-lines.ts')),
      )
      .map((d) => d.name);
    expect(selling).toEqual(
      expect.arrayContaining([
        'business-plans',
        'business-registration',
        'catalogue',
        'domains',
        'requests',
        'speed-reports',
      ]),
    );
    const crossings: string[] = [];
    for (const feature of ['orders', 'payments']) {
      const dir = join(featuresDir, feature);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        const source = readFileSync(join(dir, file), 'utf8');
        const specifiers = [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
          (match) => match[1]!,
        );
        for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
          const [top] = relative(featuresDir, resolve(dir, specifier)).split('/');
          if (top && selling.includes(top)) crossings.push(`${feature}/${file} → ${specifier}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
