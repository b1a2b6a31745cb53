// Field-by-field checks of the pay-period responses (docs/api.md §15, §4:
// numbers are JSON numbers, timestamps ISO-8601 UTC with milliseconds).
import { expect } from 'vitest';

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const STATUSES = ['OPEN', 'SUBMITTED', 'APPROVED', 'PAID', 'CLOSED'] as const;
export const PERIOD_TYPES = ['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY'] as const;

const PERIOD_KEYS = [
  'id', 'companyId', 'periodType', 'startDate', 'endDate', 'payDate', 'status', 'locked',
  'exportedBy', 'exportedAt', 'iifFilename', 'createdAt', 'updatedAt',
];

function expectIsoOrNull(value: unknown, field: string): void {
  expect(value === null || (typeof value === 'string' && ISO_MS.test(value)), `${field} is ISO-8601 or null, got ${JSON.stringify(value)}`).toBe(true);
}

function expectStringOrNull(value: unknown, field: string): void {
  expect(value === null || typeof value === 'string', `${field} is a string or null, got ${JSON.stringify(value)}`).toBe(true);
}

function expectPeriodFields(period: any): void {
  expect(period.id).toMatch(UUID);
  expect(period.companyId).toMatch(UUID);
  expect(PERIOD_TYPES).toContain(period.periodType);
  expect(period.startDate).toMatch(ISO_MS);
  expect(period.endDate).toMatch(ISO_MS);
  expectIsoOrNull(period.payDate, 'payDate');
  expect(STATUSES).toContain(period.status);
  expect(typeof period.locked).toBe('boolean');
  expectStringOrNull(period.exportedBy, 'exportedBy');
  expectIsoOrNull(period.exportedAt, 'exportedAt');
  expectStringOrNull(period.iifFilename, 'iifFilename');
  expect(period.createdAt).toMatch(ISO_MS);
  expect(period.updatedAt).toMatch(ISO_MS);
}

/** A pay period as create and update return it: the fields and `company` {id, name}. */
export function expectPayPeriod(period: any): void {
  expect(Object.keys(period).sort()).toEqual([...PERIOD_KEYS, 'company'].sort());
  expectPeriodFields(period);
  expect(Object.keys(period.company).sort()).toEqual(['id', 'name']);
  expect(period.company.id).toBe(period.companyId);
  expect(typeof period.company.name).toBe('string');
}

/** A list item: the fields, `company` {id, name} and `_count.timeEntries`. */
export function expectPayPeriodListItem(period: any): void {
  expect(Object.keys(period).sort()).toEqual([...PERIOD_KEYS, 'company', '_count'].sort());
  expectPeriodFields(period);
  expect(Object.keys(period.company).sort()).toEqual(['id', 'name']);
  expect(period.company.id).toBe(period.companyId);
  expect(Object.keys(period._count)).toEqual(['timeEntries']);
  expect(Number.isInteger(period._count.timeEntries)).toBe(true);
}

const ENTRY_KEYS = [
  'id', 'employeeId', 'companyId', 'payPeriodId', 'clockIn', 'clockOut', 'breakMinutes', 'totalHours',
  'regularHours', 'overtimeHours', 'jobCode', 'taskCode', 'notes', 'clockInIp', 'clockOutIp',
  'clockInDevice', 'clockInRecordedAt', 'clockOutRecordedAt', 'status', 'approved', 'createdAt', 'updatedAt', 'employee',
];

/** The get-one: the fields, `company` {id, name, bookkeeperOrgId}, `timeEntries`, `totals`. */
export function expectPayPeriodDetail(period: any): void {
  expect(Object.keys(period).sort()).toEqual([...PERIOD_KEYS, 'company', 'timeEntries', 'totals'].sort());
  expectPeriodFields(period);
  expect(Object.keys(period.company).sort()).toEqual(['bookkeeperOrgId', 'id', 'name']);
  expect(period.company.id).toBe(period.companyId);
  expect(period.company.bookkeeperOrgId).toMatch(UUID);
  expect(Object.keys(period.totals).sort()).toEqual(['overtimeHours', 'regularHours', 'totalHours']);
  for (const value of Object.values(period.totals)) expect(typeof value).toBe('number');
  expect(Array.isArray(period.timeEntries)).toBe(true);
  for (const entry of period.timeEntries) {
    expect(Object.keys(entry).sort()).toEqual([...ENTRY_KEYS].sort());
    expect(entry.id).toMatch(UUID);
    expect(entry.employeeId).toMatch(UUID);
    expect(entry.companyId).toBe(period.companyId);
    expect(entry.payPeriodId).toBe(period.id);
    expect(entry.clockIn).toMatch(ISO_MS);
    expectIsoOrNull(entry.clockOut, 'clockOut');
    expect(Number.isInteger(entry.breakMinutes)).toBe(true);
    for (const field of ['totalHours', 'regularHours', 'overtimeHours']) {
      expect(entry[field] === null || typeof entry[field] === 'number', `${field} is a number or null`).toBe(true);
    }
    for (const field of ['jobCode', 'taskCode', 'notes', 'clockInIp', 'clockOutIp', 'clockInDevice']) {
      expectStringOrNull(entry[field], field);
    }
    expect(['PENDING', 'APPROVED']).toContain(entry.status);
    expect(typeof entry.approved).toBe('boolean');
    expect(entry.createdAt).toMatch(ISO_MS);
    expect(entry.updatedAt).toMatch(ISO_MS);
    expect(Object.keys(entry.employee).sort()).toEqual(['employeeNumber', 'firstName', 'id', 'lastName']);
    expect(entry.employee.id).toBe(entry.employeeId);
    expect(typeof entry.employee.firstName).toBe('string');
    expect(typeof entry.employee.lastName).toBe('string');
    expectStringOrNull(entry.employee.employeeNumber, 'employeeNumber');
  }
}

export function expectPage(data: any, expected: { total: number; page: number; pageSize: number }): void {
  expect(Object.keys(data).sort()).toEqual(['items', 'page', 'pageSize', 'total', 'totalPages']);
  expect(data.total).toBe(expected.total);
  expect(data.page).toBe(expected.page);
  expect(data.pageSize).toBe(expected.pageSize);
  expect(data.totalPages).toBe(Math.ceil(expected.total / expected.pageSize));
}
