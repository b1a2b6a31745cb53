// Every module, registered once. API modules live under /api/v1 (docs/api.md §1).
import type { AppContext } from '../core/context.ts';
import { routesPlugin, type AppInstance, type AppPlugin } from '../http/plugin.ts';
import { adminUserRoutes } from './admin-users/admin-users.routes.ts';
import { auditLogRoutes } from './audit-logs/audit-logs.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { bookkeeperOrgRoutes } from './bookkeeper-orgs/bookkeeper-orgs.routes.ts';
import { companyRoutes } from './companies/companies.routes.ts';
import { employeeRoutes } from './employees/employees.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { setupRoutes } from './setup/setup.routes.ts';
import { industryRoutes } from './industries/industries.routes.ts';
import { payPeriodExportRoutes } from './pay-period-export/export.routes.ts';
import { payPeriodRoutes } from './pay-periods/pay-periods.routes.ts';
import { timeEntryRoutes } from './time-entries/time-entries.routes.ts';
import { timesheetRoutes } from './timesheet/timesheet.routes.ts';
import { hoursReportRoutes } from './reports/hours-report.routes.ts';
import { timesheetReviewRoutes } from './timesheets/timesheets.routes.ts';

/** The /api/v1 modules, each a named plugin, in the order their routes are added (and documented). */
const API_V1_MODULES: AppPlugin[] = [
  routesPlugin('payclock-auth', authRoutes),
  routesPlugin('payclock-setup', setupRoutes),
  routesPlugin('payclock-bookkeeper-orgs', bookkeeperOrgRoutes),
  routesPlugin('payclock-industries', industryRoutes),
  routesPlugin('payclock-companies', companyRoutes),
  routesPlugin('payclock-employees', employeeRoutes),
  routesPlugin('payclock-admin-users', adminUserRoutes),
  routesPlugin('payclock-audit-logs', auditLogRoutes),
  routesPlugin('payclock-pay-periods', payPeriodRoutes),
  routesPlugin('payclock-pay-period-export', payPeriodExportRoutes),
  routesPlugin('payclock-timesheet', timesheetRoutes),
  routesPlugin('payclock-timesheets', timesheetReviewRoutes),
  routesPlugin('payclock-reports', hoursReportRoutes),
  routesPlugin('payclock-time-entries', timeEntryRoutes),
];

export async function registerModules(app: AppInstance, ctx: AppContext): Promise<void> {
  await app.register(routesPlugin('payclock-health', healthRoutes), { ctx });
  await app.register(
    async (api) => {
      for (const module of API_V1_MODULES) await api.register(module, { ctx });
    },
    { prefix: '/api/v1' },
  );
}
