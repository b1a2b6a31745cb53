// Service-level tests: the services called directly, with no HTTP in between, on a real
// database (the migrated PGlite template, or PostgreSQL when TEST_DATABASE_URL is set) and a
// clock the test moves by hand. For the rules that are awkward to reach through routes: exact
// instants at week boundaries, a reallocation refused half-way, a write inside a held
// transaction.
import { asc, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/clock.ts';
import type { UncheckedCaller } from '../../src/modules/timesheet/timesheet.service.ts';
import type { AdminActor, EmployeeActor } from '../../src/core/access.ts';
import type { RequestMeta } from '../../src/core/audit.ts';
import type { AppContext } from '../../src/core/context.ts';
import { TokenService } from '../../src/core/tokens.ts';
import type { Database, Db } from '../../src/db/open.ts';
import { auditLogs, type bookkeeperOrgs, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { createActorLoader } from '../../src/modules/auth/actor.repository.ts';
import { openTestDatabase, TEST_HASHER, testConfig } from '../helpers/app.ts';
import { createEmployee, createPayPeriod, createTenant, type AdminRow, type EmployeeRow, type OrgRow, type PayPeriodRow, type TimeEntryRow } from '../helpers/factories.ts';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
/** A wall-clock time (`2026-10-05T08:00`, seconds and milliseconds allowed) in a time zone, as an instant. */
export function localInstant(wall: string, zone: string): Date {
  const instant = DateTime.fromISO(wall, { zone });
  if (!instant.isValid) throw new Error(`not a wall time in ${zone}: ${wall}`);
  return instant.toJSDate();
}

/** What a route would pass on from the request; services only record it in the audit log. */
export const META: RequestMeta = { ip: '203.0.113.7', userAgent: 'service-test' };

export interface ServiceHarness {
  ctx: AppContext;
  db: Db;
  clock: ManualClock;
  close(): Promise<void>;
}

/** A fresh test database and the context buildApp would give the modules, with a manual clock at `now`. */
export async function openServiceHarness(now: Date | string): Promise<ServiceHarness> {
  const database: Database = await openTestDatabase();
  const config = testConfig();
  const clock = new ManualClock(new Date(now));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    tokens: new TokenService(config.jwtSecret, config.tokenTtlSeconds),
    hasher: TEST_HASHER,
    actors: createActorLoader(database.db),
  };
  return { ctx, db: database.db, clock, close: () => database.close() };
}

/** The admin as the auth guard hands it to a service. */
export function adminActorOf(admin: AdminRow): AdminActor {
  return { type: 'admin', userId: admin.id, email: admin.email, role: admin.role, bookkeeperOrgId: admin.bookkeeperOrgId };
}

/** The employee as the auth guard hands it to a service: with its organization's time zone and overtime settings. */
export function employeeActorOf(org: OrgRow, employee: EmployeeRow): EmployeeActor {
  return {
    type: 'employee',
    userId: employee.id,
    companyId: employee.companyId,
    bookkeeperOrgId: org.id,
    timezone: org.timezone,
    overtimeThreshold: org.overtimeThreshold,
    overtimeMultiplier: org.overtimeMultiplier,
  };
}

/**
 * An organization (with the given settings: timezone, overtimeThreshold, …) with an admin, a
 * company and an employee, and the actors to call the services as.
 */
/**
 * The caller of a punch or a timesheet read for an actor the test already has: a token issued now
 * that was never logged out, so the handler's own statement checks the employee's state (active,
 * company, organization).
 */
export function uncheckedCallerFor(actor: EmployeeActor): UncheckedCaller {
  return { credential: { userId: actor.userId, hash: `service-test-${actor.userId}`, issuedAtMs: Date.now() + 60_000 }, inactiveLabel: undefined, verify: async () => actor };
}

export async function serviceTenant(ctx: AppContext, orgValues: Partial<typeof bookkeeperOrgs.$inferInsert> = {}) {
  const tenant = await createTenant(ctx.db, orgValues);
  return {
    ...tenant,
    adminActor: adminActorOf(tenant.admin),
    employeeActor: employeeActorOf(tenant.org, tenant.employee),
  };
}

export type ServiceTenant = Awaited<ReturnType<typeof serviceTenant>>;

/** Another employee of the tenant's company, with its actor. */
export async function addEmployee(ctx: AppContext, tenant: ServiceTenant) {
  const employee = await createEmployee(ctx.db, { companyId: tenant.company.id });
  return { employee, actor: employeeActorOf(tenant.org, employee) };
}

/** A pay period of the tenant's company from `start` to `end` (instants), unlocked unless asked. */
export function addPayPeriod(ctx: AppContext, tenant: ServiceTenant, start: Date, end: Date, locked = false): Promise<PayPeriodRow> {
  return createPayPeriod(ctx.db, { companyId: tenant.company.id, startDate: start, endDate: end, locked });
}

/** Locks (or unlocks) a pay period directly, as the admin's PUT would. */
export async function setPeriodLocked(db: Db, payPeriodId: string, locked: boolean): Promise<void> {
  await db.update(payPeriods).set({ locked }).where(eq(payPeriods.id, payPeriodId));
}

/** Every time entry of an employee, oldest clockIn first: the state a refused write must leave untouched. */
export function entriesOf(db: Db, employeeId: string): Promise<TimeEntryRow[]> {
  return db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId)).orderBy(asc(timeEntries.clockIn), asc(timeEntries.id));
}

/** [total, regular, overtime] hours of each entry of an employee, oldest clockIn first. */
export async function hoursOfEntries(db: Db, employeeId: string): Promise<Array<[number | null, number | null, number | null]>> {
  return (await entriesOf(db, employeeId)).map((e) => [e.totalHours, e.regularHours, e.overtimeHours]);
}

/** How many audit rows name any of these entities. */
export async function auditCount(db: Db, entityIds: string[]): Promise<number> {
  if (entityIds.length === 0) return 0;
  return (await db.select({ id: auditLogs.id }).from(auditLogs).where(inArray(auditLogs.entityId, entityIds))).length;
}

/** The error a service call was refused with (fails the test when the call succeeded). */
export async function refusalOf(call: Promise<unknown>): Promise<{ statusCode: number; label: string; data?: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    return error as { statusCode: number; label: string; data?: Record<string, unknown> };
  }
  throw new Error('expected the service to refuse the call, and it succeeded');
}
