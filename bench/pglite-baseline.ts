// The embedded engine has no pgbench: its baseline is the same textbook clock transaction run
// in-process against PGlite, sequentially (PGlite serves one connection).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/open.ts';

export async function pgliteTextbookBaseline(
  db: Db,
  employees: Array<{ id: string; companyId: string }>,
  seconds: number,
): Promise<{ opsPerSec: number; latencyAvgMs: number }> {
  const deadline = performance.now() + seconds * 1000;
  let operations = 0;
  let i = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    const employee = employees[i++ % employees.length]!;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select e.id, e.active, c.active, o.active from employees e join companies c on c.id = e.company_id
                           join bookkeeper_orgs o on o.id = c.bookkeeper_org_id where e.id = ${employee.id}`);
      await tx.execute(sql`select id from time_entries where employee_id = ${employee.id} and clock_out is null`);
      await tx.execute(sql`select id from pay_periods where company_id = ${employee.companyId} and start_date <= now() and end_date >= now() and not locked limit 1`);
      await tx.execute(sql`insert into time_entries (employee_id, company_id, clock_in) values (${employee.id}, ${employee.companyId}, clock_timestamp())`);
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`select e.id, e.active from employees e where e.id = ${employee.id}`);
      await tx.execute(sql`select id from time_entries where employee_id = ${employee.id} and clock_out is null for update`);
      await tx.execute(sql`update time_entries set clock_out = clock_timestamp(),
                             worked_seconds = floor(extract(epoch from clock_timestamp() - clock_in))::int,
                             total_hours = 0, regular_hours = 0, overtime_hours = 0
                           where employee_id = ${employee.id} and clock_out is null`);
    });
    operations += 2;
  }
  const elapsed = performance.now() - started;
  return { opsPerSec: (operations * 1000) / elapsed, latencyAvgMs: elapsed / operations };
}
