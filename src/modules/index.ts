// Every module, registered once. API modules live under /api/v1 (SPEC.md "Versioning").
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { adminUserRoutes } from './admin-users/admin-users.routes.ts';
import { auditLogRoutes } from './audit-logs/audit-logs.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { bookkeeperOrgRoutes } from './bookkeeper-orgs/bookkeeper-orgs.routes.ts';
import { companyRoutes } from './companies/companies.routes.ts';
import { employeeRoutes } from './employees/employees.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { industryRoutes } from './industries/industries.routes.ts';
import { payPeriodExportRoutes } from './pay-period-export/export.routes.ts';
import { payPeriodRoutes } from './pay-periods/pay-periods.routes.ts';
import { timeEntryRoutes } from './time-entries/time-entries.routes.ts';
import { timesheetRoutes } from './timesheet/timesheet.routes.ts';

type ModuleRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** The /api/v1 modules. Each takes the shared context and registers its own routes. */
const API_V1_MODULES: ModuleRoutes[] = [
  authRoutes,
  bookkeeperOrgRoutes,
  industryRoutes,
  companyRoutes,
  employeeRoutes,
  adminUserRoutes,
  auditLogRoutes,
  payPeriodRoutes,
  payPeriodExportRoutes,
  timesheetRoutes,
  timeEntryRoutes,
];

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await healthRoutes(app, ctx);
  await app.register(
    async (api) => {
      for (const routes of API_V1_MODULES) await routes(api, ctx);
    },
    { prefix: '/api/v1' },
  );
}
