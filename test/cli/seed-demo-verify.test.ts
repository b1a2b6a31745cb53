// seed-demo (README.md "The first admin"): the employees seed-demo prints can verify with the printed phone and PIN.
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

  it('gives every demo employee two weeks of punches: overtime, a long shift, an offline punch and an open entry', async () => {
    const printed = await seedDemo(t.db, TEST_HASHER);
    // Again: an employee who has entries gets no more.
    expect(await seedDemo(t.db, TEST_HASHER)).toBe(printed);
    const api = client(t.app);
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(printed)!;
    const token = (await api.post('/api/v1/auth/login', { email, password }, { remoteAddress: '10.9.9.10' })).body.data.token;
    const companies = [...printed.matchAll(/^ {2}(.+) \(([0-9a-f-]{36})\)$/gm)].map((m) => m[2]!);
    const flags = new Set<string>();
    let overtime = 0;
    for (const companyId of companies) {
      const end = new Date().toISOString().slice(0, 10);
      const start = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
      const report = await api.get('/api/v1/admin/reports/hours', { token, query: { companyId, startDate: start, endDate: end } });
      expect(report.status).toBe(200);
      // Ten closed weekday shifts per employee.
      for (const row of report.body.data.rows) expect(row.entries).toBe(10);
      overtime += report.body.data.totals.overtimeHours;
      const periods = await api.get('/api/v1/admin/pay-periods', { token, query: { companyId } });
      expect(periods.body.data.items.length).toBeGreaterThanOrEqual(3);
      for (const period of periods.body.data.items) {
        const review = await api.get(`/api/v1/admin/pay-periods/${period.id}/timesheets`, { token });
        for (const timesheet of review.body.data.timesheets) for (const flag of timesheet.flags) flags.add(flag);
      }
    }
    expect(overtime).toBeGreaterThanOrEqual(10);
    expect([...flags].sort()).toEqual(['LONG_SHIFT', 'OFFLINE_PUNCH', 'OPEN_ENTRY']);
  });
});
