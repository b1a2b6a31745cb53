// Latency of the company and employee lists at 10,000 companies and 100,000 employees
// (docs/api.md §7; BENCHMARKS.md). Creates a scratch PostgreSQL database, bulk-loads it with set-based SQL, builds
// the app in-process and times each list through app.inject (routing, auth guard,
// validation, queries and serialization; no socket). Drops the scratch database at the end.
//
//   node --import tsx bench/list-latency.ts [--url postgres://postgres@127.0.0.1:5432/postgres] [--requests 200]
//
// Every row belongs to ONE organization, the worst case for an ADMIN, whose lists are scoped
// to its organization; the SUPER_ADMIN rows show the unscoped lists.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/open.ts';
import { TokenService } from '../src/core/tokens.ts';

const COMPANIES = 10_000;
const EMPLOYEES_PER_COMPANY = 10;

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    requests: { type: 'string', default: '200' },
  },
});
const REQUESTS = Number(args.requests);
const WARMUP = 20;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: args.url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

async function main(): Promise<void> {
  const scratch = `payclock_bench_lists_${Date.now()}_${process.pid}`;
  console.log(`creating scratch database ${scratch}`);
  await adminQuery(`create database ${scratch}`);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    // Bulk loading takes longer than the service's 10 s statement limit.
    database = await openDatabase({ url: withDatabase(args.url, scratch), poolMax: 10, statementTimeoutMs: 600_000 });
    await database.migrate();
    const db = database.db;

    const loadStart = performance.now();
    const [org] = await queryRows<{ id: string }>(
      db,
      sql`insert into bookkeeper_orgs (name, slug) values ('Bench Firm', 'bench-firm') returning id`,
    );
    const orgId = org!.id;
    // The password hash is never checked: requests carry a signed token.
    const [admin] = await queryRows<{ id: string; email: string }>(
      db,
      sql`insert into admin_users (bookkeeper_org_id, email, password_hash, first_name, last_name, role, credentials_changed_at)
          values (${orgId}, 'bench-admin@example.com', 'x', 'Bench', 'Admin', 'ADMIN', now() - interval '1 hour')
          returning id, email`,
    );
    const [superAdmin] = await queryRows<{ id: string; email: string }>(
      db,
      sql`insert into admin_users (bookkeeper_org_id, email, password_hash, first_name, last_name, role, credentials_changed_at)
          values (${orgId}, 'bench-super@example.com', 'x', 'Bench', 'Operator', 'SUPER_ADMIN', now() - interval '1 hour')
          returning id, email`,
    );
    await db.execute(sql`
      insert into companies (bookkeeper_org_id, name, email, pay_period_type, city, state)
      select ${orgId}::uuid,
             (array['Acme','Summit','Harbor','Pioneer','Evergreen','Blue Ridge','Keystone','Redwood','Granite','Lakeside'])[1 + n % 10]
               || ' ' || (array['Plumbing','Dental','Bakery','Logistics','Roofing','Consulting','Auto Repair','Landscaping','Cafe','Electric'])[1 + (n / 10) % 10]
               || ' ' || lpad(n::text, 5, '0'),
             'office' || n || '@client' || (n % 97) || '.example',
             (array['WEEKLY','BI_WEEKLY','SEMI_MONTHLY','MONTHLY'])[1 + n % 4],
             'Springfield', 'IL'
      from generate_series(1, ${COMPANIES}) as n`);
    await db.execute(sql`
      insert into employees (company_id, first_name, last_name, email, phone, pin_hash, employee_number, job_title, pay_rate)
      select c.id,
             (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
                    'William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Maria'])[1 + g.n % 20],
             (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
                    'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin',
                    'Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson',
                    'Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores',
                    'Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell','Carter','Roberts'])[1 + (g.n * 7 + c.rn) % 50],
             case when g.n % 2 = 0 then 'worker' || c.rn || '-' || g.n || '@mail.example' end,
             '+1212' || lpad(((c.rn * ${EMPLOYEES_PER_COMPANY} + g.n) % 10000000)::text, 7, '0'),
             'x',
             'E-' || lpad((c.rn * ${EMPLOYEES_PER_COMPANY} + g.n)::text, 7, '0'),
             'Technician',
             15 + (g.n % 20)
      from (select id, row_number() over (order by id) as rn from companies where bookkeeper_org_id = ${orgId}) c
      cross join generate_series(1, ${EMPLOYEES_PER_COMPANY}) as g(n)`);
    await db.execute(sql`analyze`);
    const [counts] = await queryRows<{ companies: number; employees: number }>(
      db,
      sql`select (select count(*)::int from companies) as companies, (select count(*)::int from employees) as employees`,
    );
    console.log(`loaded ${counts!.companies} companies and ${counts!.employees} employees in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

    const [sample] = await queryRows<{ company_id: string; employee_number: string }>(
      db,
      sql`select company_id, employee_number from employees order by employee_number offset 54321 limit 1`,
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'payclock-bench-')),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const tokens = new TokenService(config.jwtSecret, config.tokenTtlSeconds);
    const adminToken = await tokens.sign({ userId: admin!.id, type: 'admin', bookkeeperOrgId: orgId, email: admin!.email }, new Date());
    const superToken = await tokens.sign(
      { userId: superAdmin!.id, type: 'admin', bookkeeperOrgId: orgId, email: superAdmin!.email },
      new Date(),
    );

    const scenarios: Array<{ name: string; url: string; token: string }> = [
      { name: 'companies, first page', url: '/api/v1/admin/companies', token: adminToken },
      { name: 'companies, page 200', url: '/api/v1/admin/companies?page=200', token: adminToken },
      { name: 'companies, search "plumbing" (10%)', url: '/api/v1/admin/companies?search=plumbing', token: adminToken },
      { name: 'companies, search "04242" (1 row)', url: '/api/v1/admin/companies?search=04242', token: adminToken },
      { name: 'companies, SUPER_ADMIN, first page', url: '/api/v1/admin/companies', token: superToken },
      { name: 'employees, first page', url: '/api/v1/admin/employees', token: adminToken },
      { name: 'employees, search "garcia" (2%)', url: '/api/v1/admin/employees?search=garcia', token: adminToken },
      {
        name: `employees, search "${sample!.employee_number}" (1 row)`,
        url: `/api/v1/admin/employees?search=${sample!.employee_number}`,
        token: adminToken,
      },
      { name: 'employees, companyId', url: `/api/v1/admin/employees?companyId=${sample!.company_id}`, token: adminToken },
      {
        name: 'employees, companyId + search "e-"',
        url: `/api/v1/admin/employees?companyId=${sample!.company_id}&search=e-`,
        token: adminToken,
      },
      { name: 'employees, SUPER_ADMIN, first page', url: '/api/v1/admin/employees', token: superToken },
      { name: 'employees, SUPER_ADMIN, search "garcia"', url: '/api/v1/admin/employees?search=garcia', token: superToken },
    ];

    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url: scenario.url, headers: { authorization: `Bearer ${scenario.token}` } });
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`${scenario.url} answered ${response.statusCode}: ${response.body}`);
        if (i >= WARMUP) times.push(elapsed);
        if (i === 0) total = (JSON.parse(response.body) as { data: { total: number } }).data.total;
      }
      times.sort((a, b) => a - b);
      rows.push([scenario.name, String(total), percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1), times.at(-1)!.toFixed(1)]);
    }
    await app.close();

    const header = ['list', 'total', 'median ms', 'p95 ms', 'max ms'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
    console.log(`\n${REQUESTS} sequential requests per list after ${WARMUP} warm-up requests (app.inject, PostgreSQL ${args.url.replace(/\/\/[^@]*@/, '//')})\n`);
    console.log(line(header));
    console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
    for (const row of rows) console.log(line(row));

    // The employee search must be served by employees_search_trgm_idx, not a scan of 100,000 rows.
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain select e.id from employees e join companies c on c.id = e.company_id
          where c.bookkeeper_org_id = ${orgId}
            and (e.first_name || ' ' || e.last_name || ' ' || coalesce(e.email, '') || ' ' || coalesce(e.employee_number, '')) ilike ${`%${sample!.employee_number}%`} escape '\\'`,
    );
    console.log('\nplan of the one-row employee search:');
    for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);
  } finally {
    await database?.close();
    await adminQuery(`drop database if exists ${scratch} with (force)`);
    console.log(`\ndropped ${scratch}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
