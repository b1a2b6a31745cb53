// Admin time-entry corrections (docs/time-rules.md §12, §11): statuses, labels, field types, filters,
// locked periods, overlaps, tenant isolation and audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.ts';
import { payPeriods } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { adminTenant, auditRowsOf, BASE, expectEntryShape, postEntry, type AdminTenant } from './support.ts';

let t: TestApp;
const clock = new ManualClock(new Date(Date.now() + 60_000));
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const api = () => client(t.app);

/** A pay period over the whole of October 2026 (EDT) for the tenant's company. */
async function octoberPeriod(tenant: AdminTenant, locked = false) {
  return createPayPeriod(t.db, {
    companyId: tenant.company.id,
    periodType: 'MONTHLY',
    startDate: new Date('2026-10-01T04:00:00.000Z'),
    endDate: new Date('2026-11-01T03:59:59.999Z'),
    locked,
  });
}

describe('POST /api/v1/admin/time-entries', () => {
  it('creates an entry with 201, its allocated hours, the employee and pay period summaries, and every field typed', async () => {
    const tenant = await adminTenant(t);
    const period = await octoberPeriod(tenant);
    const res = await api().post(
      BASE,
      {
        employeeId: tenant.employee.id,
        clockIn: '2026-10-05T13:00:00.000Z',
        clockOut: '2026-10-05T21:35:00Z',
        breakMinutes: 20,
        jobCode: 'J-1',
        taskCode: 'T-9',
        notes: '  from the paper sheet  ',
        approved: true,
        status: 'APPROVED',
        companyId: UNKNOWN_ID,
      },
      { token: tenant.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    const entry = res.body.data;
    expectEntryShape(entry);
    expect(entry).toMatchObject({
      employeeId: tenant.employee.id,
      companyId: tenant.company.id,
      payPeriodId: period.id,
      clockIn: '2026-10-05T13:00:00.000Z',
      clockOut: '2026-10-05T21:35:00.000Z',
      breakMinutes: 20,
      totalHours: 8.25,
      regularHours: 8.25,
      overtimeHours: 0,
      jobCode: 'J-1',
      taskCode: 'T-9',
      notes: 'from the paper sheet',
      clockInIp: null,
      clockOutIp: null,
      clockInDevice: null,
      status: 'PENDING',
      approved: false,
    });
    expect(entry.employee).toEqual({
      id: tenant.employee.id,
      firstName: tenant.employee.firstName,
      lastName: tenant.employee.lastName,
      employeeNumber: tenant.employee.employeeNumber,
    });
    expect(entry.payPeriod).toEqual({
      id: period.id,
      startDate: '2026-10-01T04:00:00.000Z',
      endDate: '2026-11-01T03:59:59.999Z',
      status: 'OPEN',
      locked: false,
    });
  });

  it('creates an open entry (no clockOut) with null hours and no pay period when none covers clockIn', async () => {
    const tenant = await adminTenant(t);
    const clockIn = new Date(clock.now().getTime() - 3_600_000).toISOString();
    const entry = await postEntry(t, tenant.token, tenant.employee.id, clockIn);
    expectEntryShape(entry);
    expect(entry).toMatchObject({ clockIn, clockOut: null, totalHours: null, regularHours: null, overtimeHours: null, payPeriodId: null, payPeriod: null });
  });

  it('rejects a clockIn in the future with 400 Invalid time entry data', async () => {
    const tenant = await adminTenant(t);
    const future = new Date(clock.now().getTime() + 60_000).toISOString();
    const res = await api().post(BASE, { employeeId: tenant.employee.id, clockIn: future }, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid time entry data');
    expect(res.body.message).toContain('clockIn');
    // One minute later by the clock, the same instant is in the past.
    clock.advance(120_000);
    await postEntry(t, tenant.token, tenant.employee.id, future);
  });

  it.each([
    ['a missing clockIn', { clockOut: '2026-10-05T21:00:00.000Z' }, 'clockIn'],
    ['a missing employeeId', { employeeId: undefined, clockIn: '2026-10-05T13:00:00.000Z' }, 'employeeId'],
    ['a clockIn that is not a date', { clockIn: 'yesterday' }, 'clockIn'],
    ['a clockIn sent as a number', { clockIn: 1_760_000_000_000 }, 'clockIn'],
    ['an impossible date', { clockIn: '2026-02-30T10:00:00.000Z' }, 'clockIn'],
    ['a clockIn without an offset', { clockIn: '2026-10-05T13:00:00' }, 'clockIn'],
    ['a clockOut before clockIn', { clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T12:59:59.000Z' }, 'clockOut'],
    ['a negative breakMinutes', { clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T14:00:00.000Z', breakMinutes: -1 }, 'breakMinutes'],
    ['a breakMinutes sent as a string', { clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T14:00:00.000Z', breakMinutes: '5' }, 'breakMinutes'],
    ['a fractional breakMinutes', { clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T14:00:00.000Z', breakMinutes: 1.5 }, 'breakMinutes'],
    ['a break longer than the elapsed time', { clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T14:00:00.000Z', breakMinutes: 61 }, 'breakMinutes'],
    ['notes over 2000 characters', { clockIn: '2026-10-05T13:00:00.000Z', notes: 'x'.repeat(2001) }, 'notes'],
    ['a jobCode over 255 characters', { clockIn: '2026-10-05T13:00:00.000Z', jobCode: 'x'.repeat(256) }, 'jobCode'],
  ])('rejects %s with 400 Invalid time entry data', async (_name, body, field) => {
    const tenant = await adminTenant(t);
    const res = await api().post(BASE, { employeeId: tenant.employee.id, ...body }, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid time entry data' });
    expect(res.body.message).toContain(field);
  });

  it('accepts a break exactly as long as the elapsed time (0 hours worked)', async () => {
    const tenant = await adminTenant(t);
    const entry = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T14:00:00.000Z', { breakMinutes: 60 });
    expect([entry.totalHours, entry.regularHours, entry.overtimeHours]).toEqual([0, 0, 0]);
  });

  it('answers an unknown employee (a non-UUID too) with 404 Employee not found', async () => {
    const tenant = await adminTenant(t);
    for (const employeeId of [UNKNOWN_ID, 'not-a-uuid']) {
      const res = await api().post(BASE, { employeeId, clockIn: '2026-10-05T13:00:00.000Z' }, { token: tenant.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'Employee not found' });
    }
  });

  it('answers another organization’s employee with 403 Access denied, even with a future clockIn', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    for (const clockIn of ['2026-10-05T13:00:00.000Z', new Date(clock.now().getTime() + 86_400_000).toISOString()]) {
      const res = await api().post(BASE, { employeeId: other.employee.id, clockIn }, { token: tenant.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access denied');
    }
  });

  it('rejects an entry inside a locked pay period with 400 Pay period locked', async () => {
    const tenant = await adminTenant(t);
    await octoberPeriod(tenant, true);
    const res = await api().post(
      BASE,
      { employeeId: tenant.employee.id, clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T21:00:00.000Z' },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Pay period locked' });
    const list = await api().get(BASE, { token: tenant.token, query: { employeeId: tenant.employee.id } });
    expect(list.body.data.total).toBe(0);
  });

  it('rejects an entry overlapping another of the employee with 400 Overlapping time entry; touching entries are fine', async () => {
    const tenant = await adminTenant(t);
    await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const overlapping = await api().post(
      BASE,
      { employeeId: tenant.employee.id, clockIn: '2026-10-05T20:59:00.000Z', clockOut: '2026-10-05T23:00:00.000Z' },
      { token: tenant.token },
    );
    expect(overlapping.status).toBe(400);
    expect(overlapping.body).toMatchObject({ success: false, error: 'Overlapping time entry' });
    await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T21:00:00.000Z', '2026-10-05T23:00:00.000Z');
    // Another employee's entry at the same time does not overlap.
    const colleague = await createEmployee(t.db, { companyId: tenant.company.id });
    await postEntry(t, tenant.token, colleague.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
  });

  it('rejects a second open entry with 400 Already clocked in and data.openTimeEntry', async () => {
    const tenant = await adminTenant(t);
    const now = clock.now().getTime();
    const open = await postEntry(t, tenant.token, tenant.employee.id, new Date(now - 7_200_000).toISOString());
    for (const clockIn of [new Date(now - 3_600_000), new Date(now - 10_800_000)]) {
      const res = await api().post(BASE, { employeeId: tenant.employee.id, clockIn: clockIn.toISOString() }, { token: tenant.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Already clocked in' });
      expect(res.body.data.openTimeEntry).toEqual({ id: open.id, clockIn: open.clockIn });
    }
    // A closed entry running into the open one overlaps it.
    const closed = await api().post(
      BASE,
      { employeeId: tenant.employee.id, clockIn: new Date(now - 10_800_000).toISOString(), clockOut: new Date(now - 3_600_000).toISOString() },
      { token: tenant.token },
    );
    expect(closed.status).toBe(400);
    expect(closed.body.error).toBe('Overlapping time entry');
  });

  it('replays a retry with the same Idempotency-Key without creating a second entry', async () => {
    const tenant = await adminTenant(t);
    const body = { employeeId: tenant.employee.id, clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T21:00:00.000Z' };
    const options = { token: tenant.token, headers: { 'idempotency-key': `te-${tenant.employee.id}` } };
    const first = await api().post(BASE, body, options);
    const retry = await api().post(BASE, body, options);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const list = await api().get(BASE, { token: tenant.token, query: { employeeId: tenant.employee.id } });
    expect(list.body.data.total).toBe(1);
  });

  it('writes a time_entry.create audit row with details.after', async () => {
    const tenant = await adminTenant(t);
    const entry = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T17:00:00.000Z');
    const rows = await auditRowsOf(t.db, entry.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'time_entry.create',
      actorType: 'admin',
      actorId: tenant.admin.id,
      bookkeeperOrgId: tenant.org.id,
      entityType: 'time_entry',
      entityId: entry.id,
    });
    const after = (rows[0]!.details as { after: Record<string, unknown> }).after;
    expect(after).toMatchObject({ id: entry.id, clockIn: entry.clockIn, clockOut: entry.clockOut, totalHours: 4, regularHours: 4, overtimeHours: 0 });
  });

  it('answers 401 without a token and 403 Access denied. Required role: admin to an employee token', async () => {
    const tenant = await adminTenant(t);
    const body = { employeeId: tenant.employee.id, clockIn: '2026-10-05T13:00:00.000Z' };
    const anonymous = await api().post(BASE, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('Authentication required');
    const asEmployee = await api().post(BASE, body, { token: await employeeToken(t.tokens, tenant.employee) });
    expect(asEmployee.status).toBe(403);
    expect(asEmployee.body.error).toBe('Access denied. Required role: admin');
  });
});

describe('GET /api/v1/admin/time-entries/{id}', () => {
  it('returns the entry with every field typed', async () => {
    const tenant = await adminTenant(t);
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const res = await api().get(`${BASE}/${created.id}`, { token: tenant.token });
    expect(res.status).toBe(200);
    expectEntryShape(res.body.data);
    expect(res.body.data).toEqual(created);
  });

  it('answers an unknown id and a non-UUID with 404 Time entry not found', async () => {
    const tenant = await adminTenant(t);
    for (const id of [UNKNOWN_ID, 'nope', '1']) {
      const res = await api().get(`${BASE}/${id}`, { token: tenant.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'Time entry not found' });
    }
  });

  it('answers another organization’s entry with 403; a SUPER_ADMIN may read it', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    const theirs = await postEntry(t, other.token, other.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const res = await api().get(`${BASE}/${theirs.id}`, { token: tenant.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied');
    const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: tenant.org.id, role: 'SUPER_ADMIN' });
    const asSuper = await api().get(`${BASE}/${theirs.id}`, { token: await adminToken(t.tokens, superAdmin) });
    expect(asSuper.status).toBe(200);
    expect(asSuper.body.data.id).toBe(theirs.id);
  });
});

describe('PUT /api/v1/admin/time-entries/{id}', () => {
  it('changes only the supplied fields, keeps approved in step with status, and ignores employeeId', async () => {
    const tenant = await adminTenant(t);
    const colleague = await createEmployee(t.db, { companyId: tenant.company.id });
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z', {
      jobCode: 'J-1',
      notes: 'first',
    });
    const approved = await api().put(`${BASE}/${created.id}`, { status: 'APPROVED', notes: 'checked', employeeId: colleague.id }, { token: tenant.token });
    expect(approved.status).toBe(200);
    expectEntryShape(approved.body.data);
    expect(approved.body.data).toMatchObject({
      employeeId: tenant.employee.id,
      status: 'APPROVED',
      approved: true,
      notes: 'checked',
      jobCode: 'J-1',
      clockIn: created.clockIn,
      clockOut: created.clockOut,
      totalHours: 8,
    });
    const pending = await api().put(`${BASE}/${created.id}`, { status: 'PENDING' }, { token: tenant.token });
    expect(pending.body.data).toMatchObject({ status: 'PENDING', approved: false, notes: 'checked' });
    const cleared = await api().put(`${BASE}/${created.id}`, { jobCode: '', breakMinutes: 30 }, { token: tenant.token });
    expect(cleared.body.data).toMatchObject({ jobCode: null, breakMinutes: 30, totalHours: 7.5, regularHours: 7.5, overtimeHours: 0 });
  });

  it('closes an open entry and allocates it', async () => {
    const tenant = await adminTenant(t);
    const now = clock.now().getTime();
    const open = await postEntry(t, tenant.token, tenant.employee.id, new Date(now - 4 * 3_600_000).toISOString());
    const res = await api().put(`${BASE}/${open.id}`, { clockOut: new Date(now - 3_600_000).toISOString() }, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data.totalHours).toBe(3);
    expect(typeof res.body.data.regularHours).toBe('number');
  });

  it.each([
    ['a clockIn in the future', () => ({ clockIn: new Date(clock.now().getTime() + 60_000).toISOString() }), 'clockIn'],
    ['a clockOut before clockIn', () => ({ clockOut: '2026-10-05T12:00:00.000Z' }), 'clockOut'],
    ['a break longer than the entry', () => ({ breakMinutes: 481 }), 'breakMinutes'],
    ['clockOut null (reopening)', () => ({ clockOut: null }), 'clockOut'],
    ['an unknown status', () => ({ status: 'REJECTED' }), 'status'],
    ['a status in lowercase', () => ({ status: 'approved' }), 'status'],
  ])('rejects %s with 400 Invalid time entry data', async (_name, body, field) => {
    const tenant = await adminTenant(t);
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const res = await api().put(`${BASE}/${created.id}`, body(), { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid time entry data' });
    expect(res.body.message).toContain(field);
  });

  it('rejects a change that overlaps another entry with 400 Overlapping time entry and leaves the entry as it was', async () => {
    const tenant = await adminTenant(t);
    const monday = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const tuesday = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-06T13:00:00.000Z', '2026-10-06T21:00:00.000Z');
    const res = await api().put(`${BASE}/${monday.id}`, { clockOut: '2026-10-06T14:00:00.000Z' }, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Overlapping time entry');
    const reread = await api().get(`${BASE}/${monday.id}`, { token: tenant.token });
    expect(reread.body.data.clockOut).toBe(monday.clockOut);
    expect((await auditRowsOf(t.db, monday.id)).map((row) => row.action)).toEqual(['time_entry.create']);
    void tuesday;
  });

  it('answers an open entry moved back over a closed one with 400 Overlapping time entry', async () => {
    const tenant = await adminTenant(t);
    const now = clock.now().getTime();
    const closed = await postEntry(t, tenant.token, tenant.employee.id, new Date(now - 5 * 3_600_000).toISOString(), new Date(now - 4 * 3_600_000).toISOString());
    const open = await postEntry(t, tenant.token, tenant.employee.id, new Date(now - 3_600_000).toISOString());
    const res = await api().put(`${BASE}/${open.id}`, { clockIn: new Date(now - 6 * 3_600_000).toISOString() }, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Overlapping time entry');
    void closed;
  });

  it('rejects changes inside a locked period, and moves into one, with 400 Pay period locked', async () => {
    const tenant = await adminTenant(t);
    const period = await octoberPeriod(tenant);
    const inside = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const outside = await postEntry(t, tenant.token, tenant.employee.id, '2026-11-10T14:00:00.000Z', '2026-11-10T22:00:00.000Z');
    expect(inside.payPeriodId).toBe(period.id);
    expect(outside.payPeriodId).toBeNull();
    await t.db.update(payPeriods).set({ locked: true }).where(eq(payPeriods.id, period.id));

    const edit = await api().put(`${BASE}/${inside.id}`, { notes: 'late edit' }, { token: tenant.token });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ success: false, error: 'Pay period locked' });
    const moveOut = await api().put(`${BASE}/${inside.id}`, { clockIn: '2026-11-11T14:00:00.000Z', clockOut: '2026-11-11T22:00:00.000Z' }, { token: tenant.token });
    expect(moveOut.status).toBe(400);
    expect(moveOut.body.error).toBe('Pay period locked');
    const moveIn = await api().put(`${BASE}/${outside.id}`, { clockIn: '2026-10-06T13:00:00.000Z', clockOut: '2026-10-06T21:00:00.000Z' }, { token: tenant.token });
    expect(moveIn.status).toBe(400);
    expect(moveIn.body.error).toBe('Pay period locked');
    // Outside the locked period, edits go through.
    const fine = await api().put(`${BASE}/${outside.id}`, { notes: 'ok' }, { token: tenant.token });
    expect(fine.status).toBe(200);
  });

  it('answers another organization’s locked entry with 403 (access first), unknown and non-UUID ids with 404', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    const theirs = await postEntry(t, other.token, other.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    await octoberPeriod(other, true);
    for (const body of [{ notes: 'x' }, { clockIn: new Date(clock.now().getTime() + 60_000).toISOString() }]) {
      const res = await api().put(`${BASE}/${theirs.id}`, body, { token: tenant.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access denied');
    }
    for (const id of [UNKNOWN_ID, 'abc']) {
      const res = await api().put(`${BASE}/${id}`, { notes: 'x' }, { token: tenant.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Time entry not found');
    }
  });

  it('records a time it writes as received at that time, so a correction never makes an entry an offline punch', async () => {
    // The audit log leaves out a received time equal to its punch's (web/src/console/audit-log/diff.ts),
    // and OFFLINE_PUNCH compares the two (CONTRACT §9): an admin's correction moves both.
    const tenant = await adminTenant(t);
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const res = await api().put(`${BASE}/${created.id}`, { clockOut: '2026-10-05T19:00:00.000Z' }, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      clockIn: '2026-10-05T13:00:00.000Z',
      clockInRecordedAt: '2026-10-05T13:00:00.000Z',
      clockOut: '2026-10-05T19:00:00.000Z',
      clockOutRecordedAt: '2026-10-05T19:00:00.000Z',
    });
    const after = ((await auditRowsOf(t.db, created.id))[1]!.details as { after: Record<string, unknown> }).after;
    expect(after.clockOutRecordedAt).toBe(after.clockOut);
  });

  it('writes a time_entry.update audit row with details.before and details.after', async () => {
    const tenant = await adminTenant(t);
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    await api().put(`${BASE}/${created.id}`, { clockOut: '2026-10-05T19:00:00.000Z', notes: 'left early' }, { token: tenant.token });
    const rows = await auditRowsOf(t.db, created.id);
    expect(rows.map((row) => row.action)).toEqual(['time_entry.create', 'time_entry.update']);
    const update = rows[1]!;
    expect(update).toMatchObject({ actorId: tenant.admin.id, bookkeeperOrgId: tenant.org.id, entityType: 'time_entry' });
    const details = update.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(details.before).toMatchObject({ clockOut: '2026-10-05T21:00:00.000Z', notes: null, totalHours: 8 });
    expect(details.after).toMatchObject({ clockOut: '2026-10-05T19:00:00.000Z', notes: 'left early', totalHours: 6 });
  });
});

describe('DELETE /api/v1/admin/time-entries/{id}', () => {
  it('deletes the entry with {success, message} and writes time_entry.delete with details.before', async () => {
    const tenant = await adminTenant(t);
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const res = await api().delete(`${BASE}/${created.id}`, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    const gone = await api().get(`${BASE}/${created.id}`, { token: tenant.token });
    expect(gone.status).toBe(404);
    const rows = await auditRowsOf(t.db, created.id);
    expect(rows.map((row) => row.action)).toEqual(['time_entry.create', 'time_entry.delete']);
    expect((rows[1]!.details as { before: Record<string, unknown> }).before).toMatchObject({ id: created.id, clockIn: created.clockIn, totalHours: 8 });
  });

  it('refuses an entry inside a locked period with 400 Pay period locked', async () => {
    const tenant = await adminTenant(t);
    const created = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    // The period was created (and locked) after the entry: the covering period decides too.
    await octoberPeriod(tenant, true);
    const res = await api().delete(`${BASE}/${created.id}`, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Pay period locked' });
    expect((await api().get(`${BASE}/${created.id}`, { token: tenant.token })).status).toBe(200);
  });

  it('answers another organization’s entry with 403, unknown and non-UUID ids with 404 Time entry not found', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    const theirs = await postEntry(t, other.token, other.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const res = await api().delete(`${BASE}/${theirs.id}`, { token: tenant.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied');
    expect((await api().get(`${BASE}/${theirs.id}`, { token: other.token })).status).toBe(200);
    for (const id of [UNKNOWN_ID, 'zzz']) {
      const missing = await api().delete(`${BASE}/${id}`, { token: tenant.token });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Time entry not found');
    }
  });
});

describe('GET /api/v1/admin/time-entries', () => {
  async function listedIds(token: string, query: Record<string, string | number> = {}) {
    const res = await api().get(BASE, { token, query });
    expect(res.status).toBe(200);
    return res.body.data.items.map((e: { id: string }) => e.id) as string[];
  }

  it('lists the admin’s organization, newest clockIn first, paginated, with every field typed', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    await postEntry(t, other.token, other.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const a = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const c = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-07T13:00:00.000Z', '2026-10-07T21:00:00.000Z');
    const b = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-06T13:00:00.000Z', '2026-10-06T21:00:00.000Z');

    const res = await api().get(BASE, { token: tenant.token, query: { pageSize: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, totalPages: 2 });
    expect(res.body.data.items.map((e: { id: string }) => e.id)).toEqual([c.id, b.id]);
    for (const item of res.body.data.items) expectEntryShape(item);
    expect(await listedIds(tenant.token, { pageSize: 2, page: 2 })).toEqual([a.id]);
    expect(await listedIds(tenant.token, { page: 3, pageSize: 2 })).toEqual([]);
  });

  it('lists only the SUPER_ADMIN’s own organization without filters, another one’s with a filter', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    const mine = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const theirs = await postEntry(t, other.token, other.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: tenant.org.id, role: 'SUPER_ADMIN' });
    const token = await adminToken(t.tokens, superAdmin);
    expect(await listedIds(token)).toEqual([mine.id]);
    expect(await listedIds(token, { companyId: other.company.id })).toEqual([theirs.id]);
  });

  it('filters by employeeId, companyId, payPeriodId, status and a clockIn range read in the organization’s time zone', async () => {
    const tenant = await adminTenant(t, { timezone: 'America/New_York' });
    const period = await octoberPeriod(tenant);
    const colleague = await createEmployee(t.db, { companyId: tenant.company.id });
    const company2 = await createCompany(t.db, { bookkeeperOrgId: tenant.org.id });
    const worker2 = await createEmployee(t.db, { companyId: company2.id });
    // 2026-10-05 23:30 EDT is 2026-10-06T03:30Z: a local Monday.
    const lateMonday = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-06T03:30:00.000Z', '2026-10-06T04:30:00.000Z');
    const tuesday = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-06T13:00:00.000Z', '2026-10-06T21:00:00.000Z');
    const november = await postEntry(t, tenant.token, tenant.employee.id, '2026-11-03T14:00:00.000Z', '2026-11-03T22:00:00.000Z');
    const colleagues = await postEntry(t, tenant.token, colleague.id, '2026-10-06T13:00:00.000Z', '2026-10-06T21:00:00.000Z');
    const otherCompany = await postEntry(t, tenant.token, worker2.id, '2026-10-06T13:00:00.000Z', '2026-10-06T21:00:00.000Z');
    await api().put(`${BASE}/${tuesday.id}`, { status: 'APPROVED' }, { token: tenant.token });

    expect(await listedIds(tenant.token, { employeeId: tenant.employee.id })).toEqual([november.id, tuesday.id, lateMonday.id]);
    expect(new Set(await listedIds(tenant.token, { companyId: tenant.company.id }))).toEqual(
      new Set([november.id, tuesday.id, lateMonday.id, colleagues.id]),
    );
    expect(await listedIds(tenant.token, { companyId: company2.id })).toEqual([otherCompany.id]);
    expect(new Set(await listedIds(tenant.token, { payPeriodId: period.id }))).toEqual(new Set([tuesday.id, lateMonday.id, colleagues.id]));
    expect(await listedIds(tenant.token, { employeeId: tenant.employee.id, status: 'APPROVED' })).toEqual([tuesday.id]);
    expect(await listedIds(tenant.token, { employeeId: tenant.employee.id, status: 'PENDING' })).toEqual([november.id, lateMonday.id]);
    expect(await listedIds(tenant.token, { employeeId: tenant.employee.id, startDate: '2026-10-05', endDate: '2026-10-05' })).toEqual([lateMonday.id]);
    expect(await listedIds(tenant.token, { employeeId: tenant.employee.id, startDate: '2026-10-06' })).toEqual([november.id, tuesday.id]);
    expect(await listedIds(tenant.token, { employeeId: tenant.employee.id, endDate: '2026-10-06T12:00:00Z' })).toEqual([lateMonday.id]);
  });

  it('filters open entries (no clockOut: who is on the clock) and closed ones with open=true|false', async () => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    const colleague = await createEmployee(t.db, { companyId: tenant.company.id });
    const closed = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-05T13:00:00.000Z', '2026-10-05T21:00:00.000Z');
    const open = await postEntry(t, tenant.token, tenant.employee.id, '2026-10-06T13:00:00.000Z');
    const colleagueOpen = await postEntry(t, tenant.token, colleague.id, '2026-10-06T12:00:00.000Z');
    const company2 = await createCompany(t.db, { bookkeeperOrgId: tenant.org.id });
    const worker2 = await createEmployee(t.db, { companyId: company2.id });
    const elsewhereOpen = await postEntry(t, tenant.token, worker2.id, '2026-10-06T11:00:00.000Z');
    await postEntry(t, other.token, other.employee.id, '2026-10-06T13:00:00.000Z');

    expect(await listedIds(tenant.token, { open: 'true' })).toEqual([open.id, colleagueOpen.id, elsewhereOpen.id]);
    expect(await listedIds(tenant.token, { open: 'false' })).toEqual([closed.id]);
    expect(await listedIds(tenant.token, { open: 'true', employeeId: colleague.id })).toEqual([colleagueOpen.id]);
    expect(await listedIds(tenant.token, { open: 'true', companyId: tenant.company.id, startDate: '2026-10-06' })).toEqual([open.id, colleagueOpen.id]);
    expect(await listedIds(tenant.token, { open: 'true', companyId: company2.id })).toEqual([elsewhereOpen.id]);
    expect(await listedIds(tenant.token, { open: 'false', companyId: company2.id })).toEqual([]);
    const res = await api().get(BASE, { token: tenant.token, query: { open: 'true', pageSize: 2 } });
    expect(res.body.data).toMatchObject({ total: 3, totalPages: 2 });
    expect(res.body.data.items.every((entry: { clockOut: unknown; totalHours: unknown }) => entry.clockOut === null && entry.totalHours === null)).toBe(true);

    // A SUPER_ADMIN sees its own organization's people on the clock, another's through a filter
    // (docs/api.md §9), like the list without open; open goes with the pay-period filter too.
    const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: tenant.org.id, role: 'SUPER_ADMIN' });
    const superToken = await adminToken(t.tokens, superAdmin);
    expect(await listedIds(superToken, { open: 'true' })).toEqual([open.id, colleagueOpen.id, elsewhereOpen.id]);
    expect(await listedIds(superToken, { open: 'true', companyId: other.company.id })).toHaveLength(1);
    // October's period, created now, takes in the company's entries under it (docs/time-rules.md §5).
    const created = await api().post('/api/v1/admin/pay-periods', { companyId: tenant.company.id, periodType: 'MONTHLY', startDate: '2026-10-01' }, { token: tenant.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const october = created.body.data as { id: string };
    expect(await listedIds(tenant.token, { open: 'false', payPeriodId: october.id })).toEqual([closed.id]);
    expect(await listedIds(tenant.token, { open: 'true', payPeriodId: october.id })).toEqual([open.id, colleagueOpen.id]);

    // Closing the entry takes it off the list at once.
    const closing = await api().put(`${BASE}/${open.id}`, { clockOut: '2026-10-06T20:00:00.000Z' }, { token: tenant.token });
    expect(closing.status).toBe(200);
    expect(await listedIds(tenant.token, { open: 'true' })).toEqual([colleagueOpen.id, elsewhereOpen.id]);
  });

  it.each([
    ['an impossible startDate', { startDate: '2026-02-30' }],
    ['an unparseable endDate', { endDate: 'next week' }],
    ['endDate before startDate', { startDate: '2026-10-06', endDate: '2026-10-05' }],
    ['an unknown status', { status: 'OPEN' }],
    ['open other than true or false', { open: 'maybe' }],
  ])('rejects %s with 400', async (_name, query) => {
    const tenant = await adminTenant(t);
    const res = await api().get(BASE, { token: tenant.token, query });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid time entry data' });
  });

  it.each([
    ['pageSize over 100', { pageSize: 101 }],
    ['page 0', { page: 0 }],
  ])('rejects %s with 400 Validation failed, like every list', async (_name, query) => {
    const tenant = await adminTenant(t);
    const res = await api().get(BASE, { token: tenant.token, query });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Validation failed' });
  });

  it.each([
    ['employeeId', 'Employee not found'],
    ['companyId', 'Company not found'],
    ['payPeriodId', 'Pay period not found'],
  ])('answers an unknown %s with 404 %s and another organization’s with 403', async (filter, label) => {
    const tenant = await adminTenant(t);
    const other = await adminTenant(t);
    const otherPeriod = await octoberPeriod(other);
    const theirs: Record<string, string> = { employeeId: other.employee.id, companyId: other.company.id, payPeriodId: otherPeriod.id };
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const res = await api().get(BASE, { token: tenant.token, query: { [filter]: id } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(label);
    }
    const denied = await api().get(BASE, { token: tenant.token, query: { [filter]: theirs[filter]! } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Access denied');
  });

  it('shows entries written by others (clock in) with their IP and device fields', async () => {
    const tenant = await adminTenant(t);
    const row = await createTimeEntry(t.db, {
      employeeId: tenant.employee.id,
      companyId: tenant.company.id,
      clockIn: new Date('2026-10-05T13:00:00.000Z'),
      clockInIp: '203.0.113.9',
      clockOutIp: '203.0.113.9',
      clockInDevice: 'kiosk-1',
    });
    const res = await api().get(BASE, { token: tenant.token });
    expect(res.body.data.items).toHaveLength(1);
    expectEntryShape(res.body.data.items[0]);
    expect(res.body.data.items[0]).toMatchObject({ id: row.id, clockInIp: '203.0.113.9', clockOutIp: '203.0.113.9', clockInDevice: 'kiosk-1' });
  });

  it('answers 401 without a token', async () => {
    const res = await api().get(BASE);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});
