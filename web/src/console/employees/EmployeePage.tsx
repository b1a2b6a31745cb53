// One employee: who they are (an edit form), a PIN reset, their week so far, their recent entries,
// and the ways to their hours report and their company's kiosk.
import { useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { useKioskHref } from '../kiosk-link.ts';
import { StatusBadge } from '../ui/ActiveStatus.tsx';
import type { PageProps } from '../page-props.ts';
import { presetRange } from '../reports/date-ranges.ts';
import { todayIn } from '../reports/format.ts';
import { href, Link } from '../router.tsx';
import { useTimeZone } from '../session.tsx';
import { LoadError, Loading } from '../ui/PageState.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { EmployeeDetails } from './EmployeeDetails.tsx';
import { employeePageMessages, employeesMessages } from './messages.ts';
import { PinReset } from './PinReset.tsx';
import { fullName, useEmployee } from './queries.ts';
import { RecentEntries } from './RecentEntries.tsx';
import { WeekCard } from './WeekCard.tsx';

export default function EmployeePage({ params }: PageProps) {
  const { t } = useCatalogue(employeePageMessages);
  const { t: tList } = useCatalogue(employeesMessages);
  const id = params.id ?? '';
  const employee = useEmployee(id);
  const [done, setDone] = useState('');
  const kioskHref = useKioskHref();
  const timeZone = useTimeZone();
  usePageTitle(employee.data ? fullName(employee.data) : tList('title'));

  if (employee.isPending) return <Loading />;
  if (employee.isError) {
    return (
      <>
        <p>
          <Link to="/admin/employees">{t('back')}</Link>
        </p>
        <LoadError error={employee.error} onRetry={() => void employee.refetch()} />
      </>
    );
  }
  const person = employee.data;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/admin/employees">{t('back')}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>
            {fullName(person)} <StatusBadge active={person.active} of="people" />
          </h1>
          <p className="hint">
            <Link to={href('/admin/employees', { companyId: person.companyId })}>{t('companyEmployees', { company: person.company.name })}</Link>
            {person.jobTitle ? ` · ${person.jobTitle}` : ''}
          </p>
        </div>
        <div className="header-actions">
          {/* Their year so far, week by week: the report's "This year" for them alone. */}
          <Link
            className="button-link"
            to={href('/admin/reports', { groupBy: 'week', companyId: person.companyId, employeeId: person.id, ...presetRange('thisYear', todayIn(timeZone)) })}
          >
            {t('hoursReport')}
          </Link>
          <a className="button-link" href={kioskHref({ id: person.companyId, name: person.company.name, bookkeeperOrgId: person.company.bookkeeperOrgId })}>
            {t('kiosk')}
          </a>
        </div>
      </div>
      <p className="notice" role="status">
        {done}
      </p>
      <div className="employee-columns">
        <EmployeeDetails key={person.id} employee={person} onSaved={setDone} />
        <PinReset employee={person} />
      </div>
      <WeekCard employee={person} />
      <RecentEntries employee={person} onClockedOut={setDone} />
    </>
  );
}
