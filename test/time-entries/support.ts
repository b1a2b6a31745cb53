// Shared by the admin time-entry tests: a tenant with an admin token, entries created through
// POST /admin/time-entries (the route under test), and the field-type check of an entry.
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/open.ts';
import { auditLogs, type bookkeeperOrgs } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTenant } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';

export const BASE = '/api/v1/admin/time-entries';

export async function adminTenant(t: TestApp, orgValues: Partial<typeof bookkeeperOrgs.$inferInsert> = {}) {
  const tenant = await createTenant(t.db, orgValues);
  const token = await adminToken(t.tokens, tenant.admin);
  return { ...tenant, token };
}

export type AdminTenant = Awaited<ReturnType<typeof adminTenant>>;

/** POSTs an entry and expects 201; returns `data`. */
export async function postEntry(
  t: TestApp,
  token: string,
  employeeId: string,
  clockIn: string,
  clockOut?: string,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const res = await client(t.app).post(BASE, { employeeId, clockIn, ...(clockOut ? { clockOut } : {}), ...extra }, { token });
  expect(res.body?.error, `POST ${clockIn} → ${clockOut}: ${JSON.stringify(res.body)}`).toBeUndefined();
  expect(res.status).toBe(201);
  return res.body.data;
}

export async function getEntry(t: TestApp, token: string, id: string): Promise<any> {
  const res = await client(t.app).get(`${BASE}/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** [total, regular, overtime] of an entry, as read back through GET /{id}. */
export async function hoursOf(t: TestApp, token: string, id: string): Promise<[number | null, number | null, number | null]> {
  const entry = await getEntry(t, token, id);
  return [entry.totalHours, entry.regularHours, entry.overtimeHours];
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every field of an admin time entry with its JSON type (docs/api.md §4, §15). */
export function expectEntryShape(entry: any): void {
  expect(Object.keys(entry).sort()).toEqual(
    [
      'id', 'employeeId', 'companyId', 'payPeriodId', 'clockIn', 'clockOut', 'breakMinutes', 'totalHours', 'regularHours',
      'overtimeHours', 'jobCode', 'taskCode', 'notes', 'clockInIp', 'clockOutIp', 'clockInDevice', 'clockInRecordedAt',
      'clockOutRecordedAt', 'status', 'approved',
      'createdAt', 'updatedAt', 'employee', 'payPeriod',
    ].sort(),
  );
  expect(entry.id).toMatch(UUID);
  expect(entry.employeeId).toMatch(UUID);
  expect(entry.companyId).toMatch(UUID);
  if (entry.payPeriodId !== null) expect(entry.payPeriodId).toMatch(UUID);
  expect(entry.clockIn).toMatch(ISO_MS);
  if (entry.clockOut !== null) expect(entry.clockOut).toMatch(ISO_MS);
  expect(Number.isInteger(entry.breakMinutes)).toBe(true);
  for (const key of ['totalHours', 'regularHours', 'overtimeHours']) {
    if (entry.clockOut === null) expect(entry[key]).toBeNull();
    else expect(typeof entry[key]).toBe('number');
  }
  for (const key of ['jobCode', 'taskCode', 'notes', 'clockInIp', 'clockOutIp', 'clockInDevice']) {
    expect(entry[key] === null || typeof entry[key] === 'string').toBe(true);
  }
  expect(['PENDING', 'APPROVED']).toContain(entry.status);
  expect(typeof entry.approved).toBe('boolean');
  expect(entry.approved).toBe(entry.status === 'APPROVED');
  expect(entry.createdAt).toMatch(ISO_MS);
  expect(entry.updatedAt).toMatch(ISO_MS);
  expect(Object.keys(entry.employee).sort()).toEqual(['employeeNumber', 'firstName', 'id', 'lastName']);
  expect(entry.employee.id).toBe(entry.employeeId);
  if (entry.payPeriod === null) {
    expect(entry.payPeriodId).toBeNull();
  } else {
    expect(Object.keys(entry.payPeriod).sort()).toEqual(['endDate', 'id', 'locked', 'startDate', 'status']);
    expect(entry.payPeriod.id).toBe(entry.payPeriodId);
    expect(entry.payPeriod.startDate).toMatch(ISO_MS);
    expect(entry.payPeriod.endDate).toMatch(ISO_MS);
    expect(typeof entry.payPeriod.status).toBe('string');
    expect(typeof entry.payPeriod.locked).toBe('boolean');
  }
}

export async function auditRowsOf(db: Db, entityId: string) {
  return db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.createdAt);
}
