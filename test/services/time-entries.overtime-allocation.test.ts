// Admin corrections reallocate overtime (docs/time-rules.md §8, §9): every closed entry of the
// workweek of the entry's old clockIn and of its new one is allocated again, in the
// organization's time zone, with its threshold. Called through the service, no HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTimeEntry, updateTimeEntry } from '../../src/modules/time-entries/time-entries.service.ts';
import { hoursOfEntries, localInstant, META, openServiceHarness, serviceTenant, type ServiceHarness, type ServiceTenant } from './harness.ts';

let h: ServiceHarness;
beforeAll(async () => {
  // After every week below, so no correction is "in the future".
  h = await openServiceHarness('2026-12-01T12:00:00.000Z');
});
afterAll(async () => h.close());

/** Creates a closed entry between two wall times of the tenant's zone; returns its id. */
async function entry(tenant: ServiceTenant, zone: string, from: string, to: string, breakMinutes = 0): Promise<string> {
  const created = await createTimeEntry(
    h.ctx,
    tenant.adminActor,
    {
      employeeId: tenant.employee.id,
      clockIn: localInstant(from, zone).toISOString(),
      clockOut: localInstant(to, zone).toISOString(),
      breakMinutes,
    },
    META,
  );
  return created.id;
}

/** Moves an entry to new wall times. */
function move(tenant: ServiceTenant, zone: string, id: string, from: string, to: string) {
  return updateTimeEntry(
    h.ctx,
    tenant.adminActor,
    id,
    { clockIn: localInstant(from, zone).toISOString(), clockOut: localInstant(to, zone).toISOString() },
    META,
  );
}

describe('time-entries service: an entry moved to another workweek', () => {
  const NY = 'America/New_York';

  it('updateTimeEntry reallocates both weeks: the old week loses its overtime, the new week gains it', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 40 });
    // Week of Sun 4 Oct 2026: Monday to Saturday, 9 hours each (54 hours).
    const weekA: string[] = [];
    for (const day of ['05', '06', '07', '08', '09', '10']) weekA.push(await entry(tenant, NY, `2026-10-${day}T08:00`, `2026-10-${day}T17:00`));
    // Week of Sun 11 Oct: Monday to Thursday, 9 hours each (36 hours).
    for (const day of ['12', '13', '14', '15']) await entry(tenant, NY, `2026-10-${day}T08:00`, `2026-10-${day}T17:00`);
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([
      [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 4, 5], [9, 0, 9],
      [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0],
    ]);

    // Monday of the first week becomes Friday of the second.
    const moved = await move(tenant, NY, weekA[0]!, '2026-10-16T08:00', '2026-10-16T17:00');

    expect([moved.totalHours, moved.regularHours, moved.overtimeHours]).toEqual([9, 4, 5]);
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([
      // The first week, Tuesday to Saturday: 45 hours, the 5 beyond 40 now on Saturday.
      [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 4, 5],
      // The second week, Monday to Friday: 45 hours, the 5 beyond 40 on the moved Friday.
      [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 4, 5],
    ]);
  });

  it('updateTimeEntry puts a clockIn of Saturday 23:59 local in the old week and Sunday 00:00:00.000 local in the new one (Los Angeles)', async () => {
    const LA = 'America/Los_Angeles';
    const tenant = await serviceTenant(h.ctx, { timezone: LA, overtimeThreshold: 40 });
    // Week of Sun 4 Jan 2026 (PST): Monday to Thursday, 10 hours each, exactly the threshold.
    for (const day of ['05', '06', '07', '08']) await entry(tenant, LA, `2026-01-${day}T07:00`, `2026-01-${day}T17:00`);
    // Sunday 11 Jan 00:00 to 02:00 local: 08:00Z, the first instant of the next week.
    const id = await entry(tenant, LA, '2026-01-11T00:00', '2026-01-11T02:00');
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([[10, 10, 0], [10, 10, 0], [10, 10, 0], [10, 10, 0], [2, 2, 0]]);

    // One minute earlier is Saturday 23:59 local (07:59Z, already Sunday in UTC): the old week,
    // past its 40 hours. 2 h 1 min = 7,260 s = 2.0167 h.
    const saturday = await move(tenant, LA, id, '2026-01-10T23:59', '2026-01-11T02:00');
    expect(saturday.clockIn.toISOString()).toBe('2026-01-11T07:59:00.000Z');
    expect([saturday.totalHours, saturday.regularHours, saturday.overtimeHours]).toEqual([2.02, 0, 2.02]);

    // And back to Sunday 00:00:00.000 local: the new week again, all regular.
    const sunday = await move(tenant, LA, id, '2026-01-11T00:00', '2026-01-11T02:00');
    expect(sunday.clockIn.toISOString()).toBe('2026-01-11T08:00:00.000Z');
    expect([sunday.totalHours, sunday.regularHours, sunday.overtimeHours]).toEqual([2, 2, 0]);
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([[10, 10, 0], [10, 10, 0], [10, 10, 0], [10, 10, 0], [2, 2, 0]]);
  });

  it('at threshold 0 every worked hour is overtime in either week, and a break equal to the elapsed time leaves 0 hours', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 0 });
    // 8 h 30 min on the clock, a 30-minute break: 8 hours worked.
    const id = await entry(tenant, NY, '2026-10-05T08:00', '2026-10-05T16:30', 30);
    await entry(tenant, NY, '2026-10-06T08:00', '2026-10-06T09:00', 60);
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([[8, 0, 8], [0, 0, 0]]);

    const moved = await move(tenant, NY, id, '2026-10-12T08:00', '2026-10-12T16:30');
    expect([moved.totalHours, moved.regularHours, moved.overtimeHours, moved.breakMinutes]).toEqual([8, 0, 8, 30]);
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([[0, 0, 0], [8, 0, 8]]);
  });

  it('counts the real elapsed time of a spring-forward night and moves the overtime when that entry changes week', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 40 });
    // Week of Sun 1 Mar 2026: Monday to Thursday, 9 hours each (36).
    for (const day of ['02', '03', '04', '05']) await entry(tenant, NY, `2026-03-${day}T08:00`, `2026-03-${day}T17:00`);
    // Saturday 22:00 EST to Sunday 06:00 EDT: 8 hours on the wall, 7 worked (02:00-03:00 never happened).
    const night = await entry(tenant, NY, '2026-03-07T22:00', '2026-03-08T06:00');
    // The 167-hour week of Sun 8 Mar: Sunday 8 hours, Monday to Thursday 9 hours each (44).
    await entry(tenant, NY, '2026-03-08T07:00', '2026-03-08T15:00');
    for (const day of ['09', '10', '11', '12']) await entry(tenant, NY, `2026-03-${day}T08:00`, `2026-03-${day}T17:00`);
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([
      [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0], [7, 4, 3],
      [8, 8, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 5, 4],
    ]);

    // Clocked in at Sunday 00:00 EST instead (05:00Z): 5 hours to 06:00 EDT, now in the later week.
    const moved = await move(tenant, NY, night, '2026-03-08T00:00', '2026-03-08T06:00');
    expect(moved.clockIn.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([
      // The first week: 36 hours, all regular.
      [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0],
      // The second: 5 + 8 + 9 + 9 + 9 = 40 by Wednesday, so Thursday is all overtime.
      [5, 5, 0], [8, 8, 0], [9, 9, 0], [9, 9, 0], [9, 9, 0], [9, 0, 9],
    ]);
  });
});
