// POST /api/v1/auth/employee/verify (docs/api.md §10, §11): E.164 matching, the PIN before the
// inactive checks, companyId to choose, the cookie, audit rows, and the per-phone and per-IP limits.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookkeeperOrgs, companies, employees } from '../../src/db/schema.ts';
import { createTestApp, TEST_HASHER, type TestApp } from '../helpers/app.ts';
import { createCompany, createEmployee, createTenant, uniquePhone } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { auditRowsFrom, ISO_8601, randomIp } from './support.ts';

const VERIFY = '/api/v1/auth/employee/verify';
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t?.close());

/** '+12125550123' as a person would type it: '(212) 555-0123'. */
function national(e164: string): string {
  const digits = e164.slice(2);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

describe('POST /api/v1/auth/employee/verify', () => {
  it('answers 200 with an employee token, the record with its company and the auth-token cookie, however the phone is typed', async () => {
    const { employee, company } = await createTenant(t.db);
    for (const phone of [employee.phone, national(employee.phone), employee.phone.slice(2).replace(/(\d{3})(\d{3})/, '$1.$2.')]) {
      const res = await api.post(VERIFY, { phone, pin: employee.pin }, { remoteAddress: randomIp() });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toEqual({
        id: employee.id,
        firstName: employee.firstName,
        lastName: employee.lastName,
        employeeNumber: employee.employeeNumber,
        jobTitle: 'Technician',
        companyId: company.id,
        company: { id: company.id, name: company.name },
      });
      expect(res.raw).not.toMatch(/pinHash|pin_hash|\$argon2/);
      const claims = decodeJwt(res.body.data.token);
      expect(claims).toMatchObject({ userId: employee.id, type: 'employee', companyId: company.id });
      expect(typeof claims.exp).toBe('number');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain(`auth-token=${res.body.data.token}`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
  });

  it('answers 401 Authentication failed alike for a wrong PIN and an unknown phone', async () => {
    const { employee } = await createTenant(t.db);
    const wrong = await api.post(VERIFY, { phone: employee.phone, pin: '9999' }, { remoteAddress: randomIp() });
    const unknown = await api.post(VERIFY, { phone: uniquePhone(), pin: employee.pin }, { remoteAddress: randomIp() });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Authentication failed' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ phone: '+12125550100', pin: '12a4' }, 'pin: has an invalid format'],
    [{ phone: '+12125550100', pin: '123' }, 'pin: has an invalid format'],
    [{ phone: '+12125550100', pin: '123456789' }, 'pin: has an invalid format'],
    [{ phone: '+12125550100', pin: 1234 }, 'pin: must be a string'],
    [{ pin: '1234' }, 'phone: is required'],
    [{ phone: '   ', pin: '1234' }, 'phone: must not be empty'],
    [{ phone: 'call me maybe', pin: '1234' }, 'phone: must be a valid phone number'],
    [{ phone: '+12125550100', pin: '1234', companyId: 'not-a-uuid' }, 'companyId: must be a valid uuid'],
  ])('rejects %j with 400 Invalid verification data', async (body, message) => {
    const res = await api.post(VERIFY, body, { remoteAddress: randomIp() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid verification data');
    expect(res.body.message).toContain(message);
  });

  it('answers 409 Company required when the phone and PIN match employees of several companies, and companyId chooses', async () => {
    const { employee, company, org } = await createTenant(t.db);
    const other = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const twin = await createEmployee(t.db, { companyId: other.id, phone: employee.phone });
    const ambiguous = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.error).toBe('Company required');
    const expected = [
      { id: company.id, name: company.name },
      { id: other.id, name: other.name },
    ].sort((a, b) => a.name.localeCompare(b.name));
    expect(ambiguous.body.data).toEqual({ companies: expected });

    const chosen = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin, companyId: other.id }, { remoteAddress: randomIp() });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.user.id).toBe(twin.id);
    expect(decodeJwt(chosen.body.data.token).companyId).toBe(other.id);
  });

  it('lists the companies sorted by name, inactive ones too, each once, and only those the PIN matched', async () => {
    const { employee, org } = await createTenant(t.db);
    await t.db.update(companies).set({ name: 'Zephyr Farms' }).where(eq(companies.id, employee.companyId));
    const alpha = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Alder Bakery', active: false });
    await createEmployee(t.db, { companyId: alpha.id, phone: employee.phone });
    const otherPin = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Birch Cafe' });
    await createEmployee(t.db, { companyId: otherPin.id, phone: employee.phone, pin: '97531' });
    const res = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
    expect(res.status).toBe(409);
    expect(res.body.data.companies).toEqual([
      { id: alpha.id, name: 'Alder Bakery' },
      { id: employee.companyId, name: 'Zephyr Farms' },
    ]);
  });

  it('reveals nothing about the companies of a phone shared by several when the PIN is wrong', async () => {
    const { employee, org } = await createTenant(t.db);
    const other = await createCompany(t.db, { bookkeeperOrgId: org.id });
    await createEmployee(t.db, { companyId: other.id, phone: employee.phone });
    const wrong = await api.post(VERIFY, { phone: employee.phone, pin: '0000' }, { remoteAddress: randomIp() });
    const unknown = await api.post(VERIFY, { phone: uniquePhone(), pin: '0000' }, { remoteAddress: randomIp() });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).not.toHaveProperty('data');
    expect(JSON.stringify(wrong.body)).not.toContain(other.id);
    expect(JSON.stringify(wrong.body)).not.toContain(other.name);
  });

  it('lets the PIN choose when one phone has different PINs in different companies', async () => {
    const { employee, org } = await createTenant(t.db);
    const other = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const twin = await createEmployee(t.db, { companyId: other.id, phone: employee.phone, pin: '86420' });
    const res = await api.post(VERIFY, { phone: employee.phone, pin: '86420' }, { remoteAddress: randomIp() });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(twin.id);
  });

  it('answers 403 Account inactive, Company inactive and Organization inactive only after a correct PIN', async () => {
    const cases = [
      { error: 'Account inactive', deactivate: (ids: Ids) => t.db.update(employees).set({ active: false }).where(eq(employees.id, ids.employee)) },
      { error: 'Company inactive', deactivate: (ids: Ids) => t.db.update(companies).set({ active: false }).where(eq(companies.id, ids.company)) },
      { error: 'Organization inactive', deactivate: (ids: Ids) => t.db.update(bookkeeperOrgs).set({ active: false }).where(eq(bookkeeperOrgs.id, ids.org)) },
    ];
    for (const { error, deactivate } of cases) {
      const { employee, company, org } = await createTenant(t.db);
      await deactivate({ employee: employee.id, company: company.id, org: org.id });
      const wrongPin = await api.post(VERIFY, { phone: employee.phone, pin: '0000' }, { remoteAddress: randomIp() });
      expect(wrongPin.status).toBe(401);
      expect(wrongPin.body.error).toBe('Authentication failed');
      const rightPin = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
      expect(rightPin.status).toBe(403);
      expect(rightPin.body).toEqual({ success: false, error });
    }
  });

  it('answers 500 Verification failed without internals when something unexpected breaks', async () => {
    const { employee } = await createTenant(t.db);
    const broken = vi.spyOn(TEST_HASHER, 'verify').mockRejectedValueOnce(new Error('argon2 exploded'));
    try {
      const res = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: 'Verification failed' });
    } finally {
      broken.mockRestore();
    }
  });

  it('audit-logs successes and failures with IP, user agent and reason, never the PIN', async () => {
    const { employee, org } = await createTenant(t.db);
    const ip = randomIp();
    const headers = { 'user-agent': 'kiosk/2.0' };
    await api.post(VERIFY, { phone: employee.phone, pin: '97531' }, { remoteAddress: ip, headers });
    await api.post(VERIFY, { phone: national(employee.phone), pin: employee.pin }, { remoteAddress: ip, headers });
    await api.post(VERIFY, { phone: 'nonsense', pin: '97531' }, { remoteAddress: ip, headers });

    const rows = await auditRowsFrom(t.db, ip);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.userAgent).toBe('kiosk/2.0');
      expect(JSON.stringify(row.details)).not.toContain('97531');
    }
    expect(rows.find((row) => row.action === 'auth.employee.verify.success')).toMatchObject({
      actorType: 'employee',
      actorId: employee.id,
      bookkeeperOrgId: org.id,
      details: { phone: employee.phone },
    });
    const failures = rows.filter((row) => row.action === 'auth.employee.verify.failure').map((row) => row.details);
    expect(failures).toEqual(
      expect.arrayContaining([
        { reason: 'wrong_pin', phone: employee.phone },
        { reason: 'invalid_request', phone: 'nonsense' },
      ]),
    );
  });
});

type Ids = { employee: string; company: string; org: string };

describe('POST /api/v1/auth/employee/verify limits', () => {
  it('stops a PIN brute force spread over many IPs after 5 failures of one phone: then even the right PIN gets 429', async () => {
    const { employee } = await createTenant(t.db);
    const guesses = ['0000', '1111', '2222', '3333', '4444'];
    for (const [index, pin] of guesses.entries()) {
      const res = await api.post(VERIFY, { phone: employee.phone, pin }, { remoteAddress: randomIp() });
      expect(res.status).toBe(401);
      // The tighter of the two limits is shown: the phone's.
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - index));
    }
    const blocked = await api.post(VERIFY, { phone: national(employee.phone), pin: employee.pin }, { remoteAddress: randomIp() });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, error: 'Too many verification attempts' });
    expect(blocked.headers['x-ratelimit-limit']).toBe('5');
    expect(blocked.headers['x-ratelimit-remaining']).toBe('0');
    expect(String(blocked.headers['x-ratelimit-reset'])).toMatch(ISO_8601);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);

    // Other phones are not affected.
    const { employee: other } = await createTenant(t.db);
    expect((await api.post(VERIFY, { phone: other.phone, pin: other.pin }, { remoteAddress: randomIp() })).status).toBe(200);
  });

  it('holds the per-phone limit under parallel guessing: exactly 5 PINs are checked', async () => {
    const { employee } = await createTenant(t.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.post(VERIFY, { phone: employee.phone, pin: String(5000 + i) }, { remoteAddress: randomIp() })),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('does not spend the phone budget on correct PINs', async () => {
    const { employee } = await createTenant(t.db);
    for (let i = 0; i < 8; i++) {
      const res = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe('5');
    }
  });

  it('allows 20 attempts per client IP, then 429 with the IP limit headers', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const res = await api.post(VERIFY, { phone: uniquePhone(), pin: '1234' }, { remoteAddress: ip });
      expect(res.status).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
    const res = await api.post(VERIFY, { phone: uniquePhone(), pin: '1234' }, { remoteAddress: ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many verification attempts');
    expect(res.headers['x-ratelimit-limit']).toBe('20');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['retry-after']).toBeDefined();
    // Malformed attempts count too, so the same IP stays refused even with a broken body.
    expect((await api.post(VERIFY, { nonsense: 1 }, { remoteAddress: ip })).status).toBe(429);
  });

  it('sends the IP limit headers on a malformed attempt', async () => {
    const res = await api.post(VERIFY, { phone: '+12125550100' }, { remoteAddress: randomIp() });
    expect(res.status).toBe(400);
    expect(res.headers['x-ratelimit-limit']).toBe('20');
    expect(res.headers['x-ratelimit-remaining']).toBe('19');
  });
});
