// Every console page, its URL pattern and its place in the navigation. Pages load on demand, so
// the first load carries only the shell and the page that was opened.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from './page-props.ts';
import type { shellMessages } from './shell/messages.ts';

export interface ConsoleRoute {
  pattern: string;
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** The navigation link's label, for top-level pages. */
  nav?: keyof typeof shellMessages.en;
  superAdminOnly?: boolean;
}

export const HOME_PATH = '/admin/pay-periods';

export const ROUTES: readonly ConsoleRoute[] = [
  { pattern: '/admin/pay-periods', nav: 'nav.payPeriods', page: lazy(() => import('./pay-periods/PayPeriodsPage.tsx')) },
  { pattern: '/admin/pay-periods/next', page: lazy(() => import('./pay-periods/NextPeriodsPage.tsx')) },
  { pattern: '/admin/pay-periods/:id', page: lazy(() => import('./pay-periods/ReviewPage.tsx')) },
  { pattern: '/admin/pay-periods/:id/employees/:employeeId', page: lazy(() => import('./pay-period-entries/EmployeeEntriesPage.tsx')) },
  { pattern: '/admin/pay-periods/:id/print', page: lazy(() => import('./pay-period-entries/PrintTimesheetsPage.tsx')) },
  { pattern: '/admin/on-the-clock', nav: 'nav.onTheClock', page: lazy(() => import('./on-the-clock/OnTheClockPage.tsx')) },
  { pattern: '/admin/companies', nav: 'nav.companies', page: lazy(() => import('./companies/CompaniesPage.tsx')) },
  { pattern: '/admin/employees', nav: 'nav.employees', page: lazy(() => import('./employees/EmployeesPage.tsx')) },
  { pattern: '/admin/employees/import', page: lazy(() => import('./employee-import/ImportEmployeesPage.tsx')) },
  { pattern: '/admin/employees/:id', page: lazy(() => import('./employees/EmployeePage.tsx')) },
  { pattern: '/admin/reports', nav: 'nav.reports', page: lazy(() => import('./reports/ReportsPage.tsx')) },
  { pattern: '/admin/audit-log', nav: 'nav.auditLog', page: lazy(() => import('./audit-log/AuditLogPage.tsx')) },
  { pattern: '/admin/users', nav: 'nav.users', page: lazy(() => import('./users/UsersPage.tsx')) },
  { pattern: '/admin/settings', nav: 'nav.settings', page: lazy(() => import('./settings/SettingsPage.tsx')) },
  { pattern: '/admin/organizations', nav: 'nav.organizations', superAdminOnly: true, page: lazy(() => import('./organizations/OrganizationsPage.tsx')) },
];
