// Field-by-field checks of the organization responses (docs/api.md §15, §4:
// numbers are JSON numbers, timestamps ISO-8601 UTC with milliseconds).
import { expect } from 'vitest';

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NULLABLE_TEXT = ['email', 'phone', 'address', 'city', 'state', 'zipCode'] as const;
const ORG_KEYS = [
  'id', 'name', 'slug', ...NULLABLE_TEXT, 'country', 'timezone', 'dateFormat', 'overtimeThreshold',
  'overtimeMultiplier', 'active', 'createdAt', 'updatedAt', '_count',
];

function expectStringOrNull(value: unknown, field: string): void {
  expect(value === null || typeof value === 'string', `${field} is a string or null, got ${JSON.stringify(value)}`).toBe(true);
}

/** An organization as the list, create, update and delete return it. */
export function expectOrganization(org: any): void {
  expect(Object.keys(org).sort()).toEqual([...ORG_KEYS].sort());
  expect(org.id).toMatch(UUID);
  expect(typeof org.name).toBe('string');
  expect(typeof org.slug).toBe('string');
  for (const field of NULLABLE_TEXT) expectStringOrNull(org[field], field);
  expect(typeof org.country).toBe('string');
  expect(typeof org.timezone).toBe('string');
  expect(typeof org.dateFormat).toBe('string');
  expect(typeof org.overtimeThreshold).toBe('number');
  expect(typeof org.overtimeMultiplier).toBe('number');
  expect(typeof org.active).toBe('boolean');
  expect(org.createdAt).toMatch(ISO_MS);
  expect(org.updatedAt).toMatch(ISO_MS);
  expect(Object.keys(org._count).sort()).toEqual(['adminUsers', 'companies']);
  expect(Number.isInteger(org._count.companies)).toBe(true);
  expect(Number.isInteger(org._count.adminUsers)).toBe(true);
}

/** The get-one response: the organization plus `companies` and `adminUsers`. */
export function expectOrganizationDetail(org: any): void {
  const { companies, adminUsers, ...rest } = org;
  expectOrganization(rest);
  expect(Array.isArray(companies)).toBe(true);
  expect(Array.isArray(adminUsers)).toBe(true);
  for (const company of companies) {
    expect(Object.keys(company).sort()).toEqual(['_count', 'active', 'id', 'name']);
    expect(company.id).toMatch(UUID);
    expect(typeof company.name).toBe('string');
    expect(typeof company.active).toBe('boolean');
    expect(Object.keys(company._count)).toEqual(['employees']);
    expect(Number.isInteger(company._count.employees)).toBe(true);
  }
  for (const admin of adminUsers) {
    expect(Object.keys(admin).sort()).toEqual(['active', 'email', 'firstName', 'id', 'lastName', 'role']);
    expect(admin.id).toMatch(UUID);
    expect(typeof admin.firstName).toBe('string');
    expect(typeof admin.lastName).toBe('string');
    expect(typeof admin.email).toBe('string');
    expect(['SUPER_ADMIN', 'ADMIN']).toContain(admin.role);
    expect(typeof admin.active).toBe('boolean');
  }
}

/** The paginated list envelope `{items, total, page, pageSize, totalPages}`. */
export function expectPage(data: any, expected: { total: number; page: number; pageSize: number; items: number }): void {
  expect(Object.keys(data).sort()).toEqual(['items', 'page', 'pageSize', 'total', 'totalPages']);
  expect(data.total).toBe(expected.total);
  expect(data.page).toBe(expected.page);
  expect(data.pageSize).toBe(expected.pageSize);
  expect(data.totalPages).toBe(Math.ceil(expected.total / expected.pageSize));
  expect(data.items).toHaveLength(expected.items);
}
