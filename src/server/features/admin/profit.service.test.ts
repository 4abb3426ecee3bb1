import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { domainOrders, orderItems, orders, payments } from '#db/schema/index.ts';
import { freshDatabase } from '../../../../tests/helpers/test-app.ts';
import { profitByService } from './profit.service.ts';

let database: Database;
let drop: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

const reference = (prefix: string) => `${prefix}-T${(counter += 1).toString().padStart(5, '0')}`;

/** A paid order (or an unpaid one, `paidAt: null`) with its lines and its card payments. */
async function order(input: {
  paidAt: string | null;
  vatCents: number;
  lines: { type: string; packageId?: string; totalCents: number; registrarCostCents?: number }[];
  payments: { feeCents: number; overpayment?: boolean }[];
}) {
  const db = database.db;
  const totalCents = input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const paidAt = input.paidAt ? new Date(input.paidAt) : null;
  const [row] = await db
    .insert(orders)
    .values({
      reference: reference('SO'),
      status: paidAt ? 'paid' : 'pending_payment',
      subtotalCents: totalCents - input.vatCents,
      vatCents: input.vatCents,
      totalCents,
      paidAt,
    })
    .returning();
  for (const line of input.lines) {
    const [domain] =
      line.registrarCostCents === undefined
        ? []
        : await db
            .insert(domainOrders)
            .values({
              domain: `${reference('shop').toLowerCase()}.co.za`,
              years: 1,
              status: 'active',
              priceCents: line.totalCents,
              registrarCostCents: line.registrarCostCents,
              registrant: {},
              registrar: 'local',
            })
            .returning();
    await db.insert(orderItems).values({
      orderId: row!.id,
      type: line.type,
      title: line.type,
      packageId: line.packageId,
      domainOrderId: domain?.id,
      quantity: 1,
      unitPriceCents: line.totalCents,
      totalCents: line.totalCents,
    });
  }
  for (const payment of input.payments) {
    await db.insert(payments).values({
      reference: reference('PAY'),
      orderId: row!.id,
      status: 'paid',
      amountCents: totalCents,
      feeCents: payment.feeCents,
      overpayment: payment.overpayment ?? false,
      fields: [],
      paidAt,
    });
  }
}

describe('profit by kind of service', () => {
  beforeAll(async () => {
    // March 2021: a website with its domain (R 8 000 + R 230, VAT R 1 073,48; card fee R 246,90,
    // and a second payment for the same order, an overpayment, whose fee belongs to no service)
    // and a business plan (R 1 150, card fee R 34,50).
    await order({
      paidAt: '2021-03-15T10:00:00+02:00',
      vatCents: 107_348,
      lines: [
        { type: 'package', packageId: 'website-business', totalCents: 800_000 },
        { type: 'domain', totalCents: 23_000, registrarCostCents: 9_000 },
      ],
      payments: [{ feeCents: 24_690 }, { feeCents: 1_000, overpayment: true }],
    });
    await order({
      paidAt: '2021-04-01T00:30:00+02:00',
      vatCents: 15_000,
      lines: [{ type: 'package', packageId: 'plan-standard', totalCents: 115_000 }],
      payments: [{ feeCents: 3_450 }],
    });
    // Outside the period: never paid, and paid in May (South African time).
    await order({
      paidAt: null,
      vatCents: 15_000,
      lines: [{ type: 'package', packageId: 'website-starter', totalCents: 115_000 }],
      payments: [],
    });
    await order({
      paidAt: '2021-04-30T22:30:00Z',
      vatCents: 15_000,
      lines: [{ type: 'package', packageId: 'plan-standard', totalCents: 115_000 }],
      payments: [{ feeCents: 3_450 }],
    });
  });

  it('shares each order’s card fee over its lines and charges domains their registrar cost', async () => {
    const figures = await profitByService(database.db, true, { from: '2021-03', to: '2021-04' });
    expect(figures).toEqual([
      {
        kind: 'website',
        label: 'Websites',
        lines: 1,
        // R 8 000 of R 8 230 (97.2 %): that part of the sales excl. VAT and of the R 246,90 fee,
        // which excluding its VAT is R 208,70.
        revenueExVat: 6956.52,
        paymentFeesExVat: 208.7,
        registrarCosts: 0,
        grossProfit: 6747.82,
      },
      {
        kind: 'plan',
        label: 'Business plans',
        lines: 1,
        revenueExVat: 1000,
        paymentFeesExVat: 30,
        registrarCosts: 0,
        grossProfit: 970,
      },
      {
        kind: 'domain',
        label: 'Domain registrations',
        lines: 1,
        revenueExVat: 200,
        paymentFeesExVat: 6,
        registrarCosts: 90,
        grossProfit: 104,
      },
    ]);
  });

  it('counts the whole fee as a cost for a supplier not registered for VAT', async () => {
    const figures = await profitByService(database.db, false, { from: '2021-03', to: '2021-03' });
    expect(figures.map((s) => [s.kind, s.paymentFeesExVat, s.grossProfit])).toEqual([
      ['website', 240, 6716.52],
      ['domain', 6.9, 103.1],
    ]);
  });
});

describe('what a line is counted as', () => {
  it('counts a service-builder bundle’s lines, a company registration and a speed report by their service', async () => {
    // June 2021: a service-builder order of bookkeeping and a website (R 1 150 + R 2 300, no card
    // fee), and an order of a company registration with its details and a speed report.
    await order({
      paidAt: '2021-06-10T10:00:00+02:00',
      vatCents: 45_000,
      lines: [
        { type: 'bundle', packageId: 'finance-bookkeeping', totalCents: 115_000 },
        { type: 'bundle', packageId: 'website-starter', totalCents: 230_000 },
      ],
      payments: [{ feeCents: 0 }],
    });
    await order({
      paidAt: '2021-06-11T10:00:00+02:00',
      vatCents: 17_661,
      lines: [
        {
          type: 'business-registration',
          packageId: 'registration-basic-company',
          totalCents: 115_000,
        },
        { type: 'package', packageId: 'registration-name-reservation', totalCents: 11_500 },
        { type: 'speed-report', packageId: 'speed-report', totalCents: 8_900 },
      ],
      payments: [{ feeCents: 0 }],
    });
    const figures = await profitByService(database.db, true, { from: '2021-06', to: '2021-06' });
    expect(figures.map((s) => [s.kind, s.label, s.lines, s.revenueExVat])).toEqual([
      ['website', 'Websites', 1, 2000],
      ['registration', 'Business registration', 2, 1100],
      ['finance', 'Financial management', 1, 1000],
      ['speed', 'Speed reports', 1, 77.39],
    ]);
  });
});
