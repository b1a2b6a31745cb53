// Field-by-field checks of the company responses (docs/api.md §15, §4: numbers are JSON numbers,
// timestamps ISO-8601 UTC with milliseconds), shared with the employee tests.
import { expect } from 'vitest';

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PAGE_KEYS = ['items', 'page', 'pageSize', 'total', 'totalPages'];

const NULLABLE_TEXT = ['email', 'phone', 'address', 'city', 'state', 'zipCode', 'qbCompanyName', 'qbCompanyCreateTime'] as const;
const COMPANY_KEYS = [
  'id', 'bookkeeperOrgId', 'industryId', 'name', 'payPeriodType', ...NULLABLE_TEXT, 'active',
  'qbRegularPayrollItem', 'qbOvertimePayrollItem', 'createdAt', 'updatedAt', '_count',
];

export function expectStringOrNull(value: unknown, field: string): void {
  expect(value === null || typeof value === 'string', `${field} is a string or null, got ${JSON.stringify(value)}`).toBe(true);
}

export function expectPage(data: any, page: number, pageSize: number): void {
  expect(Object.keys(data).sort()).toEqual(PAGE_KEYS);
  expect(Array.isArray(data.items)).toBe(true);
  expect(Number.isInteger(data.total)).toBe(true);
  expect(data.page).toBe(page);
  expect(data.pageSize).toBe(pageSize);
  expect(data.totalPages).toBe(Math.ceil(data.total / pageSize));
}

/** A company as every company route returns it. */
export function expectCompany(company: any): void {
  expect(Object.keys(company).sort()).toEqual([...COMPANY_KEYS].sort());
  expect(company.id).toMatch(UUID);
  expect(company.bookkeeperOrgId).toMatch(UUID);
  expect(company.industryId === null || UUID.test(company.industryId)).toBe(true);
  expect(typeof company.name).toBe('string');
  expect(['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY']).toContain(company.payPeriodType);
  for (const field of NULLABLE_TEXT) expectStringOrNull(company[field], field);
  expect(typeof company.active).toBe('boolean');
  expect(typeof company.qbRegularPayrollItem).toBe('string');
  expect(typeof company.qbOvertimePayrollItem).toBe('string');
  expect(company.createdAt).toMatch(ISO_MS);
  expect(company.updatedAt).toMatch(ISO_MS);
  expect(Object.keys(company._count)).toEqual(['employees']);
  expect(Number.isInteger(company._count.employees)).toBe(true);
}
