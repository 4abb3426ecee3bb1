/**
 * The team's compliance filings (issue 34 §3): each annual return and beneficial-ownership update
 * owed under compliance care, put on the list 30 days ahead, and marked filed by a named person.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  complianceCompanies,
  complianceFilingTasks,
  complianceItemEvents,
  compliancePlans,
  users,
} from '#db/schema/index.ts';
import { careItemKinds } from '#shared/compliance.schemas.ts';
import { saToday } from '#shared/dates.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { careFiledMail, filingTasksTeamMail } from './compliance-care-mails.ts';
import { complianceDates, shiftDays } from './compliance.service.ts';
import { careLeadDays } from './compliance-care.service.ts';

/**
 * Puts on the team's list each annual return and beneficial-ownership update due within 30 days
 * of a company under active care (and within its paid year), once per item, and mails the team
 * the new ones. An item the customer marked done is not the team's. Returns how many were added.
 */
export async function openFilingTasks(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  now = new Date(),
): Promise<number> {
  const today = saToday(now);
  const horizon = shiftDays(today, careLeadDays);
  const plans = await db
    .select({ plan: compliancePlans, company: complianceCompanies })
    .from(compliancePlans)
    .innerJoin(complianceCompanies, eq(complianceCompanies.id, compliancePlans.companyId))
    .where(eq(compliancePlans.status, 'active'));
  if (plans.length === 0) return 0;
  const dated = await complianceDates(
    db,
    plans.map((p) => p.company),
    today,
    horizon,
  );
  const added: { company: string; title: string; dueOn: string }[] = [];
  for (const { plan, company } of plans) {
    const items = (dated.get(company.id) ?? []).filter(
      (item) =>
        (careItemKinds as readonly string[]).includes(item.kind) &&
        !item.done &&
        item.dueOn < plan.coveredUntil,
    );
    for (const item of items) {
      const [task] = await db
        .insert(complianceFilingTasks)
        .values({
          planId: plan.id,
          companyId: company.id,
          itemKey: item.key,
          title: item.title,
          dueOn: item.dueOn,
        })
        .onConflictDoNothing()
        .returning({ id: complianceFilingTasks.id });
      if (task) added.push({ company: company.name, title: item.title, dueOn: item.dueOn });
    }
  }
  if (added.length > 0)
    await queueMail(db, { to: config.site.contactEmail, ...filingTasksTeamMail(config, added) });
  return added.length;
}

/** The team's list: open filings first, soonest due first, then the latest filed. */
export async function listFilingTasks(db: Db) {
  const rows = await db
    .select({
      task: complianceFilingTasks,
      company: complianceCompanies,
      email: users.email,
      planStatus: compliancePlans.status,
    })
    .from(complianceFilingTasks)
    .innerJoin(complianceCompanies, eq(complianceCompanies.id, complianceFilingTasks.companyId))
    .innerJoin(compliancePlans, eq(compliancePlans.id, complianceFilingTasks.planId))
    .innerJoin(users, eq(users.id, complianceCompanies.userId));
  return rows
    .sort(
      (a, b) =>
        Number(a.task.status === 'filed') - Number(b.task.status === 'filed') ||
        (a.task.status === 'open'
          ? a.task.dueOn.localeCompare(b.task.dueOn)
          : (b.task.filedAt?.getTime() ?? 0) - (a.task.filedAt?.getTime() ?? 0)),
    )
    .map(({ task, company, email, planStatus }) => ({
      id: task.id,
      companyName: company.name,
      registrationNumber: company.registrationNumber,
      customerEmail: email,
      title: task.title,
      dueOn: task.dueOn,
      status: task.status,
      filedAt: task.filedAt?.toISOString() ?? null,
      filedBy: task.filedBy,
      planStatus,
    }));
}

/**
 * The team filed it: the task is closed with who did it, the customer's calendar item marked
 * done and the customer told, in one transaction. Answers what became of it.
 */
export async function markFiled(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  id: string,
  by: { admin: { id: string; email: string }; ip: string },
): Promise<'filed' | 'filed-already' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .update(complianceFilingTasks)
      .set({ status: 'filed', filedAt: new Date(), filedBy: by.admin.email })
      .where(and(eq(complianceFilingTasks.id, id), ne(complianceFilingTasks.status, 'filed')))
      .returning();
    if (!task) {
      const [known] = await tx
        .select({ id: complianceFilingTasks.id })
        .from(complianceFilingTasks)
        .where(eq(complianceFilingTasks.id, id));
      return known ? 'filed-already' : 'unknown';
    }
    await recordAudit(tx, {
      adminId: by.admin.id,
      actor: by.admin.email,
      action: 'compliance_filing.filed',
      entityType: 'compliance_filing',
      entityId: task.id,
      details: { companyId: task.companyId, item: task.itemKey },
      ip: by.ip,
    });
    await tx
      .insert(complianceItemEvents)
      .values({ companyId: task.companyId, itemKey: task.itemKey, kind: 'done' })
      .onConflictDoNothing();
    const [owner] = await tx
      .select({ company: complianceCompanies.name, email: users.email, name: users.fullName })
      .from(complianceCompanies)
      .innerJoin(users, eq(users.id, complianceCompanies.userId))
      .where(eq(complianceCompanies.id, task.companyId));
    if (owner) {
      await queueMail(tx, {
        to: owner.email,
        ...careFiledMail(config, {
          customerName: owner.name,
          companyName: owner.company,
          title: task.title,
        }),
      });
    }
    return 'filed';
  });
}
