// Shared set-up for the reliability tests: real server processes on loopback, a real
// PostgreSQL (TEST_DATABASE_URL), tokens minted with the servers' secret.
import { openDatabase, type Database } from '../../src/db/open.ts';
import { TokenService } from '../../src/core/tokens.ts';
import { createCompany, createEmployee, createOrg, createAdmin } from '../helpers/factories.ts';

export const JWT_SECRET = 'reliability-secret-reliability-secret-0123';
export const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 3600);
export const ENTRY = '/api/v1/employee/timesheet/entry';

export function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('npm run test:reliability needs TEST_DATABASE_URL (a migrated PostgreSQL database)');
  return url;
}

export async function openPostgres(): Promise<Database> {
  return openDatabase({ url: postgresUrl(), poolMax: 4 });
}

export interface Workforce {
  orgId: string;
  companyId: string;
  admin: { id: string; email: string; password: string; bookkeeperOrgId: string };
  adminToken: string;
  employees: Array<{ id: string; token: string }>;
}

/** One organization, an admin, a company and `count` employees with tokens. */
export async function createWorkforce(database: Database, count: number): Promise<Workforce> {
  const org = await createOrg(database.db);
  const admin = await createAdmin(database.db, { bookkeeperOrgId: org.id });
  const company = await createCompany(database.db, { bookkeeperOrgId: org.id });
  const employees = [];
  for (let i = 0; i < count; i++) {
    const employee = await createEmployee(database.db, { companyId: company.id });
    employees.push({ id: employee.id, token: await tokens.sign({ userId: employee.id, type: 'employee', companyId: company.id }, new Date()) });
  }
  const adminToken = await tokens.sign({ userId: admin.id, type: 'admin', bookkeeperOrgId: org.id, email: admin.email }, new Date());
  return { orgId: org.id, companyId: company.id, admin, adminToken, employees };
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers | null;
  ms: number;
  /** The connection failed (refused, reset) before any answer. */
  networkError: string | null;
}

/** One request with a hard deadline: a hang is reported as such, never waited out. */
export async function call(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: response.status, body, headers: response.headers, ms: performance.now() - started, networkError: null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, body: undefined, headers: null, ms: performance.now() - started, networkError: cause?.code ?? (error as Error).name };
  }
}

export function clock(baseUrl: string, token: string, action: 'clock_in' | 'clock_out', timeoutMs = 15_000): Promise<Answer> {
  return call(`${baseUrl}${ENTRY}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
    timeoutMs,
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
