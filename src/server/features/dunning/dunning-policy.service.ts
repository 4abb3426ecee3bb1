import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { dunningPolicies } from '#db/schema/index.ts';
import {
  dunningKindSchema,
  type DunningKind,
  type DunningPolicy,
  type DunningPolicyInput,
} from '#shared/dunning.schemas.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

/**
 * What a kind follows until an owner sets its policy. A monthly charge is retried by PayFast
 * itself, so our steps are mails: two reminders, a final notice at ten days, the team stops the
 * work at two weeks and the subscription ends after 45 days. A domain's renewal invoice goes 14
 * days before expiry (domain-renewal-invoice job, with the expiry notices at 30, 7 and 1 days):
 * one reminder to pay 3 days before, and after expiry a short grace — registries delete a lapsed
 * name within weeks. A yearly service's renewal order goes 30 days before its year ends: reminders
 * at 14 and 3 days before, one after, the team stops filing at three weeks and the service ends
 * after 60 days unpaid.
 */
export const defaultDunningPolicies: Record<DunningKind, DunningPolicyInput> = {
  monthly: { reminderDays: [], retryDays: [7, 3], graceDays: 10, suspendDays: 14, cancelDays: 45 },
  domain: { reminderDays: [3], retryDays: [2], graceDays: 5, suspendDays: 7, cancelDays: 30 },
  yearly: { reminderDays: [14, 3], retryDays: [3], graceDays: 14, suspendDays: 21, cancelDays: 60 },
};

type PolicyRow = typeof dunningPolicies.$inferSelect;

const toPolicy = (kind: DunningKind, row: PolicyRow | undefined): DunningPolicy => {
  const values = row ?? defaultDunningPolicies[kind];
  return {
    kind,
    reminderDays: values.reminderDays,
    retryDays: values.retryDays,
    graceDays: values.graceDays,
    suspendDays: values.suspendDays,
    cancelDays: values.cancelDays,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
};

/** The policy a kind follows now: the owner's, or the default. */
export async function dunningPolicy(db: Db | Tx, kind: DunningKind): Promise<DunningPolicy> {
  const [row] = await db.select().from(dunningPolicies).where(eq(dunningPolicies.kind, kind));
  return toPolicy(kind, row);
}

/** Every kind's policy, for the owners' page. */
export async function listDunningPolicies(db: Db): Promise<{ items: DunningPolicy[] }> {
  const rows = await db.select().from(dunningPolicies);
  return {
    items: dunningKindSchema.options.map((kind) =>
      toPolicy(
        kind,
        rows.find((row) => row.kind === kind),
      ),
    ),
  };
}

/**
 * An owner sets a kind's policy, audited with what it was before. Cases already open keep the
 * steps they were planned with: a customer is never told one date and held to another.
 */
export async function saveDunningPolicy(
  db: Db,
  input: {
    kind: DunningKind;
    values: DunningPolicyInput;
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<DunningPolicy> {
  return db.transaction(async (tx) => {
    const before = await dunningPolicy(tx, input.kind);
    const [row] = await tx
      .insert(dunningPolicies)
      .values({ kind: input.kind, ...input.values, updatedBy: input.admin.email })
      .onConflictDoUpdate({
        target: dunningPolicies.kind,
        set: { ...input.values, updatedBy: input.admin.email, updatedAt: sql`now()` },
      })
      .returning();
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'dunning.policy',
      entityType: 'dunning_policy',
      entityId: input.kind,
      details: {
        before: { ...before, updatedBy: undefined, updatedAt: undefined },
        after: input.values,
      },
      ip: input.ip,
    });
    return toPolicy(input.kind, row);
  });
}
