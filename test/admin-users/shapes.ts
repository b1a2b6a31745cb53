// Field-by-field checks of the admin user responses (docs/api.md §15):
// the password and its hash never appear.
import { expect } from 'vitest';
import { expectStringOrNull, ISO_MS, UUID } from '../companies/shapes.ts';

const ADMIN_KEYS = [
  'id', 'email', 'firstName', 'lastName', 'role', 'active', 'bookkeeperOrgId', 'lastLoginAt', 'createdAt', 'updatedAt',
  'bookkeeperOrg',
];
const ORG_KEYS = ['id', 'name', 'slug', 'email', 'phone', 'timezone', 'dateFormat', 'overtimeThreshold', 'overtimeMultiplier', 'active'];

export function expectAdminUser(user: any): void {
  expect(Object.keys(user).sort()).toEqual([...ADMIN_KEYS].sort());
  expect(user.id).toMatch(UUID);
  expect(typeof user.email).toBe('string');
  expect(user.email).toBe(user.email.toLowerCase());
  expect(typeof user.firstName).toBe('string');
  expect(typeof user.lastName).toBe('string');
  expect(['SUPER_ADMIN', 'ADMIN']).toContain(user.role);
  expect(typeof user.active).toBe('boolean');
  expect(user.bookkeeperOrgId).toMatch(UUID);
  expect(user.lastLoginAt === null || ISO_MS.test(user.lastLoginAt)).toBe(true);
  expect(user.createdAt).toMatch(ISO_MS);
  expect(user.updatedAt).toMatch(ISO_MS);
  const org = user.bookkeeperOrg;
  expect(Object.keys(org).sort()).toEqual([...ORG_KEYS].sort());
  expect(org.id).toBe(user.bookkeeperOrgId);
  expect(typeof org.name).toBe('string');
  expect(typeof org.slug).toBe('string');
  expectStringOrNull(org.email, 'bookkeeperOrg.email');
  expectStringOrNull(org.phone, 'bookkeeperOrg.phone');
  expect(typeof org.timezone).toBe('string');
  expect(typeof org.dateFormat).toBe('string');
  expect(typeof org.overtimeThreshold).toBe('number');
  expect(typeof org.overtimeMultiplier).toBe('number');
  expect(typeof org.active).toBe('boolean');
}
