/**
 * The desk's departments: who works in each, its own address, and which alerts its staff get —
 * and so who hears of a new ticket, a customer's reply or a missed response-time target.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { admins, supportDepartments, supportDepartmentStaff } from '#db/schema/index.ts';
import type { z } from 'zod';
import {
  departmentIds,
  type DepartmentId,
  type departmentUpdateSchema,
  type SupportDepartment,
  type SupportDepartments,
} from '#shared/ticket-desk.schemas.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

type DepartmentRow = typeof supportDepartments.$inferSelect;
type StaffRow = { departmentId: DepartmentId; id: string; name: string; email: string };

async function staffOf(db: Db | Tx, ids: readonly DepartmentId[]): Promise<StaffRow[]> {
  return db
    .select({
      departmentId: supportDepartmentStaff.departmentId,
      id: admins.id,
      name: admins.name,
      email: admins.email,
    })
    .from(supportDepartmentStaff)
    .innerJoin(admins, eq(admins.id, supportDepartmentStaff.adminId))
    .where(inArray(supportDepartmentStaff.departmentId, [...ids]))
    .orderBy(asc(admins.name));
}

const toDepartment = (row: DepartmentRow, staff: readonly StaffRow[]): SupportDepartment => ({
  id: row.id,
  name: row.name,
  email: row.email,
  alertNewTicket: row.alertNewTicket,
  alertCustomerReply: row.alertCustomerReply,
  alertBreach: row.alertBreach,
  staff: staff
    .filter((member) => member.departmentId === row.id)
    .map(({ id, name }) => ({ id, name })),
});

/** The departments in their fixed order, with their staff, and who could join them. */
export async function listDepartments(db: Db): Promise<SupportDepartments> {
  const [rows, staff, administrators] = await Promise.all([
    db.select().from(supportDepartments),
    staffOf(db, departmentIds),
    db
      .select({ id: admins.id, name: admins.name })
      .from(admins)
      .where(isNull(admins.disabledAt))
      .orderBy(asc(admins.name)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    departments: departmentIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toDepartment(row, staff)] : [];
    }),
    administrators,
  };
}

/** An owner's change to a department: its name, address, alerts and staff, audited. */
export async function updateDepartment(
  db: Db,
  input: {
    id: DepartmentId;
    change: z.output<typeof departmentUpdateSchema>;
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<SupportDepartment> {
  const { staffIds, ...fields } = input.change;
  return db.transaction(async (tx) => {
    const wanted = [...new Set(staffIds)];
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(inArray(admins.id, wanted));
      if (found.length !== wanted.length) {
        throw new AppError('BAD_REQUEST', { message: 'No such administrator' });
      }
    }
    const [row] = await tx
      .update(supportDepartments)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(supportDepartments.id, input.id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', { message: 'That department does not exist' });
    await tx
      .delete(supportDepartmentStaff)
      .where(eq(supportDepartmentStaff.departmentId, input.id));
    if (wanted.length > 0) {
      await tx
        .insert(supportDepartmentStaff)
        .values(wanted.map((adminId) => ({ departmentId: input.id, adminId })));
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'support_department.updated',
      entityType: 'support_department',
      entityId: input.id,
      details: { ...fields, staffIds: wanted },
      ip: input.ip,
    });
    return toDepartment(row, await staffOf(tx, [input.id]));
  });
}

export type DeskAlert = 'new ticket' | 'customer reply' | 'breach';

/**
 * Who a department's alert goes to: its staff, else its own address, else the company's. An
 * alert the owners switched off for the department goes to nobody.
 */
export async function departmentRecipients(
  tx: Db | Tx,
  config: Pick<Config, 'site'>,
  departmentId: DepartmentId,
  alert: DeskAlert,
): Promise<string[]> {
  const [department] = await tx
    .select()
    .from(supportDepartments)
    .where(eq(supportDepartments.id, departmentId));
  if (!department) return [config.site.contactEmail];
  const wanted = {
    'new ticket': department.alertNewTicket,
    'customer reply': department.alertCustomerReply,
    breach: department.alertBreach,
  }[alert];
  if (!wanted) return [];
  const staff = await tx
    .select({ email: admins.email })
    .from(supportDepartmentStaff)
    .innerJoin(admins, eq(admins.id, supportDepartmentStaff.adminId))
    .where(and(eq(supportDepartmentStaff.departmentId, departmentId), isNull(admins.disabledAt)));
  const active = staff.map((member) => member.email);
  if (active.length > 0) return active;
  return [department.email ?? config.site.contactEmail];
}
