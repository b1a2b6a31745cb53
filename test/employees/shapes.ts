// Field-by-field checks of the employee responses (docs/api.md §15): the PIN and its hash never appear.
import { expect } from 'vitest';
import { expectStringOrNull, ISO_MS, UUID } from '../companies/shapes.ts';

const NULLABLE_TEXT = ['email', 'employeeNumber', 'jobTitle', 'qbName'] as const;
const EMPLOYEE_KEYS = [
  'id', 'companyId', 'firstName', 'lastName', 'phone', ...NULLABLE_TEXT, 'payRate', 'payType', 'active',
  'createdAt', 'updatedAt', 'company',
];

export function expectEmployee(employee: any): void {
  expect(Object.keys(employee).sort()).toEqual([...EMPLOYEE_KEYS].sort());
  expect(employee.id).toMatch(UUID);
  expect(employee.companyId).toMatch(UUID);
  expect(typeof employee.firstName).toBe('string');
  expect(typeof employee.lastName).toBe('string');
  expect(employee.phone).toMatch(/^\+[1-9]\d{6,14}$/);
  for (const field of NULLABLE_TEXT) expectStringOrNull(employee[field], field);
  expect(typeof employee.payRate).toBe('number');
  expect(['HOURLY', 'SALARY']).toContain(employee.payType);
  expect(typeof employee.active).toBe('boolean');
  expect(employee.createdAt).toMatch(ISO_MS);
  expect(employee.updatedAt).toMatch(ISO_MS);
  expect(Object.keys(employee.company).sort()).toEqual(['bookkeeperOrgId', 'id', 'name']);
  expect(employee.company.id).toBe(employee.companyId);
  expect(typeof employee.company.name).toBe('string');
  expect(employee.company.bookkeeperOrgId).toMatch(UUID);
}
