// The admin reads the benchmarks load, one definition for all of them (bench/run.ts,
// bench/request-cpu.ts, bench/ab-reads.ts), so that their figures are of the same request.

const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The admin's whole organization over the past year, one row per employee. */
export const hoursReportPath = (now: Date) =>
  `/api/v1/admin/reports/hours?startDate=${isoDay(new Date(now.getTime() - 365 * 86_400_000))}&endDate=${isoDay(now)}&groupBy=employee`;

/** An ADMIN's search of the organizations it may see: its own. */
export const ORG_SEARCH = '/api/v1/admin/bookkeeper-orgs?search=bench&pageSize=20';

/** `last12` matches Last12, Last120…, Last1200…: about 1.1% of the employees. */
export const EMPLOYEE_SEARCH = '/api/v1/admin/employees?search=last12&pageSize=20';

/** The get-one of a pay period (the busy one: ~2,000 entries, 1.6 MB). */
export const payPeriodPath = (id: string) => `/api/v1/admin/pay-periods/${id}`;
