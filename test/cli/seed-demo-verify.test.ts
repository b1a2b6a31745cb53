// CONTRACT §1 / issue 4: the employees seed-demo prints can verify with the printed phone and PIN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/cli-commands.ts';
import { createTestApp, TEST_HASHER, type TestApp } from '../helpers/app.ts';
import { client } from '../helpers/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('seed-demo', () => {
  it('prints employees who can verify with their phone and PIN, and an admin who can log in', async () => {
    const printed = await seedDemo(t.db, TEST_HASHER);
    const companies = [...printed.matchAll(/^ {2}(.+) \(([0-9a-f-]{36})\)$/gm)].map((m) => m[2]!);
    const employees = [...printed.matchAll(/phone (\+\d+), pin (\d+)/g)].map((m) => ({ phone: m[1]!, pin: m[2]! }));
    expect(companies).toHaveLength(2);
    expect(employees.length).toBeGreaterThanOrEqual(4);
    const api = client(t.app);
    // Each company's first printed employee; companyId chooses the company should the
    // phone exist elsewhere too (the test database is shared and never truncated).
    for (const [index, companyId] of companies.entries()) {
      const employee = employees[index * 2]!;
      const verify = await api.post('/api/v1/auth/employee/verify', { phone: employee.phone, pin: employee.pin, companyId }, { remoteAddress: `10.9.${index}.1` });
      expect(verify.status).toBe(200);
      expect(typeof verify.body.data.token).toBe('string');
      expect(verify.body.data.user.companyId).toBe(companyId);
    }
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(printed)!;
    const login = await api.post('/api/v1/auth/login', { email, password }, { remoteAddress: '10.9.9.9' });
    expect(login.status).toBe(200);
  });
});
