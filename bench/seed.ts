// Loads a realistic data set straight into the database with set-based SQL (generate_series),
// so a million time entries load in seconds rather than through a million API calls.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/open.ts';

export interface Scale {
  organizations: number;
  companies: number;
  employees: number;
  /** Past (closed) time entries, spread over the two years before `now`. */
  timeEntries: number;
}

export const SCALES: Record<string, Scale> = {
  tiny: { organizations: 2, companies: 4, employees: 40, timeEntries: 400 },
  small: { organizations: 5, companies: 20, employees: 1_000, timeEntries: 100_000 },
  default: { organizations: 10, companies: 100, employees: 10_000, timeEntries: 1_000_000 },
  '10m': { organizations: 10, companies: 100, employees: 10_000, timeEntries: 10_000_000 },
};

/** Every seeded employee's PIN and every admin's password (hash computed once by the caller). */
export const BENCH_PIN = '2468';
export const BENCH_PASSWORD = 'bench-password-1';
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 728; // two years of whole weeks

export interface SeededIds {
  /** Employee n (1-based) → id and company: pgbench scripts pick their employee from it. */
  employees: number;
  companies: number;
  organizations: number;
}

/**
 * Organizations, one admin each, companies, employees (with a numbered lookup table
 * bench_employees for pgbench), and weekly pay periods covering the history and the present.
 */
export async function seedBase(db: Db, scale: Scale, hashes: { pin: string; password: string }, now: Date): Promise<SeededIds> {
  await db.execute(sql`
    insert into bookkeeper_orgs (name, slug, email)
    select 'Bench Org ' || n, 'bench-org-' || n, 'org' || n || '@bench.test' from generate_series(1, ${scale.organizations}) n`);
  await db.execute(sql`
    insert into admin_users (bookkeeper_org_id, email, password_hash, first_name, last_name, role, credentials_changed_at)
    select o.id, 'admin' || substr(o.slug, 10) || '@bench.test', ${hashes.password}, 'Bench', 'Admin ' || substr(o.slug, 10), 'ADMIN', now() - interval '1 day'
    from bookkeeper_orgs o where o.slug like 'bench-org-%'`);
  await db.execute(sql`
    insert into companies (bookkeeper_org_id, name, pay_period_type)
    select o.id, 'Bench Company ' || n, 'WEEKLY'
    from generate_series(1, ${scale.companies}) n
    join bookkeeper_orgs o on o.slug = 'bench-org-' || (1 + (n - 1) % ${scale.organizations})`);
  await db.execute(sql`create table if not exists bench_employees (n int primary key, id uuid not null, company_id uuid not null)`);
  await db.execute(sql`
    with numbered_companies as (
      select id, row_number() over (order by name) as k from companies where name like 'Bench Company %'
    )
    insert into employees (company_id, first_name, last_name, email, phone, pin_hash, employee_number, job_title, pay_rate, credentials_changed_at)
    select c.id, 'First' || n, 'Last' || n, 'emp' || n || '@bench.test', '+1212' || lpad((2000000 + n)::text, 7, '0'),
           ${hashes.pin}, 'E' || n, 'Technician', 20 + (n % 15), now() - interval '1 day'
    from generate_series(1, ${scale.employees}) n
    join numbered_companies c on c.k = 1 + (n - 1) % ${scale.companies}`);
  await db.execute(sql`
    insert into bench_employees (n, id, company_id)
    select substr(employee_number, 2)::int, id, company_id from employees where email like 'emp%@bench.test'`);
  // Weekly pay periods per company from two years back to four weeks ahead, Sunday-aligned in UTC.
  const firstSunday = sundayOnOrBefore(new Date(now.getTime() - HISTORY_DAYS * DAY_MS));
  const weeks = Math.ceil((now.getTime() - firstSunday.getTime()) / (7 * DAY_MS)) + 4;
  await db.execute(sql`
    insert into pay_periods (company_id, period_type, start_date, end_date, status)
    select c.id, 'WEEKLY', ${firstSunday}::timestamptz + (w * interval '7 days'),
           ${firstSunday}::timestamptz + ((w + 1) * interval '7 days') - interval '1 millisecond',
           case when ${firstSunday}::timestamptz + ((w + 1) * interval '7 days') < ${now}::timestamptz then 'APPROVED' else 'OPEN' end
    from companies c cross join generate_series(0, ${weeks - 1}) w
    where c.name like 'Bench Company %'`);
  await db.execute(sql`analyze`);
  return { employees: scale.employees, companies: scale.companies, organizations: scale.organizations };
}

/**
 * Employees without time entries added to bench-org-1's companies until the organization the
 * searches run in holds `total` employees (the issue's search target is stated at 100,000).
 * They continue the numbering of the bench employees (First<n> Last<n>), so a search term
 * matches the same share of them; they are not in bench_employees, so no clock scenario or
 * pgbench client uses them. Returns how many employees the organization now has.
 */
export async function seedSearchEmployees(db: Db, scale: Scale, total: number, pinHash: string): Promise<number> {
  const countOrgEmployees = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from employees e join companies c on c.id = e.company_id
            join bookkeeper_orgs o on o.id = c.bookkeeper_org_id where o.slug = 'bench-org-1'`,
      )
    )[0]?.n ?? 0;
  const existing = await countOrgEmployees();
  if (total <= existing) return existing;
  await db.execute(sql`
    with org_companies as (
      select c.id, row_number() over (order by c.name) - 1 as k, count(*) over () as companies
      from companies c join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
      where o.slug = 'bench-org-1' and c.name like 'Bench Company %'
    )
    insert into employees (company_id, first_name, last_name, email, phone, pin_hash, employee_number, job_title, pay_rate, credentials_changed_at)
    select c.id, 'First' || n, 'Last' || n, 'emp' || n || '@bench.test', '+1214' || lpad(n::text, 7, '0'),
           ${pinHash}, 'S' || n, 'Technician', 20 + (n % 15), now() - interval '1 day'
    from generate_series(${scale.employees + 1}::int, ${scale.employees + total - existing}::int) n
    join org_companies c on c.k = n % c.companies`);
  await db.execute(sql`analyze employees`);
  return countOrgEmployees();
}

/**
 * Adds closed 8-hour entries until the bench employees have `target` entries (returned). Entry k of employee
 * n starts at a distinct slot (no overlaps, so the exclusion constraint accepts them), spread
 * evenly over the history and always ending before `now`.
 */
export async function growTimeEntries(db: Db, employees: number, target: number, now: Date, plannedTotal = target): Promise<number> {
  const countBenchEntries = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from time_entries t join bench_employees e on e.id = t.employee_id`))[0]?.n ?? 0;
  const existing = await countBenchEntries();
  if (existing >= target) return existing;
  // Slots are spaced for the run's final size, so that growing in steps never overlaps earlier steps.
  const perEmployee = Math.ceil(Math.max(target, plannedTotal) / employees);
  const historyStart = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  // Slot length: the history divided among each employee's entries, at least 9 hours so entries never touch.
  const slotMs = Math.max(9 * 3_600_000, Math.floor((HISTORY_DAYS * DAY_MS - DAY_MS) / perEmployee));
  const batch = 250_000;
  for (let from = existing; from < target; from += batch) {
    const to = Math.min(target, from + batch);
    await db.execute(sql`
      insert into time_entries (employee_id, company_id, pay_period_id, clock_in, clock_out, break_minutes, worked_seconds,
                                total_hours, regular_hours, overtime_hours, status, approved)
      select e.id, e.company_id, null,
             ${historyStart}::timestamptz + (((g / ${employees}) * ${slotMs}::bigint) || ' milliseconds')::interval + ((e.n % 60) || ' minutes')::interval,
             ${historyStart}::timestamptz + (((g / ${employees}) * ${slotMs}::bigint) || ' milliseconds')::interval + ((e.n % 60) || ' minutes')::interval + interval '8 hours',
             30, 27000, 7.5, 7.5, 0, 'APPROVED', true
      from generate_series(${from}::bigint, ${to - 1}::bigint) g
      join bench_employees e on e.n = 1 + (g % ${employees})`);
  }
  // Link entries to the covering period of their company, as clock in would have.
  await db.execute(sql`
    update time_entries t set pay_period_id = p.id
    from pay_periods p
    where t.pay_period_id is null and p.company_id = t.company_id and t.clock_in between p.start_date and p.end_date`);
  await db.execute(sql`analyze time_entries`);
  return countBenchEntries();
}

function sundayOnOrBefore(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  return new Date(day.getTime() - day.getUTCDay() * DAY_MS);
}

/** Ids the scenarios need: employee n → id, and a pay period with many entries for the admin read. */
export async function loadScenarioIds(db: Db): Promise<{
  employees: Array<{ n: number; id: string; companyId: string }>;
  admins: Array<{ id: string; email: string; bookkeeperOrgId: string }>;
  busyPeriod: { id: string; entries: number } | undefined;
}> {
  const employees = await queryRows<{ n: number; id: string; company_id: string }>(db, sql`select n, id, company_id from bench_employees order by n`);
  const admins = await queryRows<{ id: string; email: string; bookkeeper_org_id: string }>(
    db,
    // Ordered by organization number (an email sort puts admin-10 before admin-1): admins[0] is bench-org-1's,
    // the organization of the busy company.
    sql`select u.id, u.email, u.bookkeeper_org_id from admin_users u join bookkeeper_orgs o on o.id = u.bookkeeper_org_id
        where o.slug like 'bench-org-%' order by substr(o.slug, 11)::int`,
  );
  const [busy] = await queryRows<{ id: string; entries: number }>(
    db,
    sql`select pay_period_id as id, count(*)::int as entries from time_entries where pay_period_id is not null
        group by pay_period_id order by count(*) desc limit 1`,
  );
  return {
    employees: employees.map((e) => ({ n: e.n, id: e.id, companyId: e.company_id })),
    admins: admins.map((a) => ({ id: a.id, email: a.email, bookkeeperOrgId: a.bookkeeper_org_id })),
    busyPeriod: busy,
  };
}

export interface BusyPeriod {
  id: string;
  companyId: string;
  entries: number;
  employees: Array<{ id: string }>;
}

/**
 * A company whose last full week holds ~2,000 closed entries (100 employees × 20 four-hour
 * shifts), for the pay-period get-one scenario. Hours are allocated as the engine would:
 * the first ten shifts of each employee (40 h) regular, the rest overtime.
 */
export async function seedBusyPeriod(db: Db, now: Date, pinHash: string): Promise<BusyPeriod> {
  const weekStart = new Date(sundayOnOrBefore(now).getTime() - 14 * DAY_MS);
  const weekEnd = new Date(weekStart.getTime() + 7 * DAY_MS - 1);
  const [company] = await queryRows<{ id: string }>(
    db,
    sql`insert into companies (bookkeeper_org_id, name, pay_period_type)
        select id, 'Bench Busy Company', 'WEEKLY' from bookkeeper_orgs where slug = 'bench-org-1' returning id`,
  );
  const companyId = company!.id;
  const employees = await queryRows<{ id: string }>(
    db,
    sql`insert into employees (company_id, first_name, last_name, phone, pin_hash, employee_number, pay_rate, credentials_changed_at)
        select ${companyId}, 'Busy' || n, 'Worker' || n, '+1213' || lpad((3000000 + n)::text, 7, '0'), ${pinHash}, 'B' || n, 25, now() - interval '1 day'
        from generate_series(1, 100) n returning id`,
  );
  const [period] = await queryRows<{ id: string }>(
    db,
    sql`insert into pay_periods (company_id, period_type, start_date, end_date) values (${companyId}, 'WEEKLY', ${weekStart}, ${weekEnd}) returning id`,
  );
  await db.execute(sql`
    insert into time_entries (employee_id, company_id, pay_period_id, clock_in, clock_out, break_minutes, worked_seconds,
                              total_hours, regular_hours, overtime_hours, status, approved)
    select e.id, ${companyId}, ${period!.id},
           ${weekStart}::timestamptz + (k * interval '8 hours'), ${weekStart}::timestamptz + (k * interval '8 hours') + interval '4 hours',
           0, 14400, 4, case when k < 10 then 4 else 0 end, case when k < 10 then 0 else 4 end, 'PENDING', false
    from employees e cross join generate_series(0, 19) k
    where e.company_id = ${companyId}`);
  return { id: period!.id, companyId, entries: employees.length * 20, employees };
}
