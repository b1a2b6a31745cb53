// The audit log (docs/api.md §16): newest first, filtered by action, actor and dates, all in the
// URL. Each row names who did what to which record; a row with a before/after expands into the
// fields it changed (diff.ts).
import { Fragment, useId, useMemo, useState } from 'react';
import { ApiError } from '../api.ts';
import { useCatalogue, type Translate } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { Link, useQueryParams } from '../router.tsx';
import { useAdmin, useTimeZone } from '../session.tsx';
import { DateField } from '../ui/DateField.tsx';
import { Empty, LoadError, Loading } from '../ui/PageState.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { fieldProblems } from '../ui/problems.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { auditDiff, type DiffLine } from './diff.ts';
import { AUDIT_ACTIONS } from './actions.ts';
import { auditLogMessages, type AuditLogKey } from './messages.ts';
import { PAGE_SIZE, useAdmins, useAuditLogs, type AdminSummary, type AuditLogRow } from './queries.ts';

type T = Translate<AuditLogKey>;

const LOCALES = { en: 'en-US', es: 'es-US' } as const;
const shortId = (id: string) => id.slice(0, 8);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function actionName(action: string, t: T): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`action.${action}` as AuditLogKey) : action;
}

function fieldName(field: string, t: T): string {
  const key = `field.${field}` as AuditLogKey;
  return key in auditLogMessages.en ? t(key) : field;
}

/**
 * How the log names each administrator of the list, in the Who list and in its rows: the name
 * alone, the email too only when another administrator of the list has the same name.
 */
function adminLabels(admins: AdminSummary[]): Map<string, string> {
  const fullName = (admin: AdminSummary) => `${admin.firstName} ${admin.lastName}`;
  const holders = new Map<string, number>();
  for (const admin of admins) holders.set(fullName(admin), (holders.get(fullName(admin)) ?? 0) + 1);
  return new Map(admins.map((admin) => [admin.id, holders.get(fullName(admin))! > 1 ? `${fullName(admin)} (${admin.email})` : fullName(admin)]));
}

function actorName(row: AuditLogRow, adminNames: Map<string, string>, selfId: string, t: T): string {
  if (row.actorType === 'system') return t('actor.system');
  if (!row.actorId) return t('actor.unknown');
  const name = row.actorType === 'admin' ? adminNames.get(row.actorId) : undefined;
  if (name) return row.actorId === selfId ? t('actor.you', { name }) : name;
  return t(row.actorType === 'employee' ? 'actor.employee' : 'actor.admin', { id: shortId(row.actorId) });
}

/** The console page a row's record lives on, where there is one. */
function recordLink(row: AuditLogRow): { to: string; kind: 'openPayPeriod' | 'openEmployee' } | null {
  const details = isRecord(row.details) ? row.details : {};
  const side = isRecord(details.after) ? details.after : isRecord(details.before) ? details.before : {};
  if (row.entityType === 'pay_period' && row.entityId && row.action !== 'pay_period.delete') return { to: `/admin/pay-periods/${row.entityId}`, kind: 'openPayPeriod' };
  if (row.entityType === 'employee' && row.entityId) return { to: `/admin/employees/${row.entityId}`, kind: 'openEmployee' };
  if (row.entityType === 'timesheet' && typeof details.payPeriodId === 'string') return { to: `/admin/pay-periods/${details.payPeriodId}`, kind: 'openPayPeriod' };
  if (row.entityType === 'time_entry' && typeof side.employeeId === 'string') return { to: `/admin/employees/${side.employeeId}`, kind: 'openEmployee' };
  return null;
}

function recordName(row: AuditLogRow, t: T): string {
  if (!row.entityType) return t('record.none');
  const key = `record.${row.entityType}` as AuditLogKey;
  return key in auditLogMessages.en ? t(key) : t('record.other');
}

/** The service's date problems (audit-logs.service.ts) in the person's language; others in its own words. */
function dateProblem(text: string | undefined, t: T): string | undefined {
  if (!text) return undefined;
  if (/before startDate/.test(text)) return t('error.endBeforeStart');
  if (/valid date/.test(text)) return t('error.badDate');
  return t('error.dates', { reason: text });
}

export default function AuditLogPage(_props: PageProps) {
  const { t, lang } = useCatalogue(auditLogMessages);
  usePageTitle(t('title'));
  const timeZone = useTimeZone();
  const self = useAdmin();
  const [search, setQuery] = useQueryParams();
  const filters = {
    action: search.get('action') ?? '',
    actorId: search.get('actorId') ?? '',
    startDate: search.get('startDate') ?? '',
    endDate: search.get('endDate') ?? '',
  };
  const page = Math.max(1, Number(search.get('page')) || 1);
  const logs = useAuditLogs({
    page,
    pageSize: PAGE_SIZE,
    ...(filters.action && { action: filters.action }),
    ...(filters.actorId && { actorId: filters.actorId }),
    ...(filters.startDate && { startDate: filters.startDate }),
    ...(filters.endDate && { endDate: filters.endDate }),
  });
  const admins = useAdmins();
  const adminNames = useMemo(() => adminLabels(admins.data ?? []), [admins.data]);
  const problems = fieldProblems(logs.error);
  const dateError = logs.error instanceof ApiError && logs.error.status === 400;
  const startProblem = dateProblem(problems.startDate, t);
  const endProblem = dateProblem(problems.endDate, t);
  const ids = { action: useId(), actor: useId() };
  const setFilter = (key: keyof typeof filters, value: string) => setQuery({ [key]: value || null, page: null });
  const anyFilter = Object.values(filters).some(Boolean);
  const when = (iso: string) => new Intl.DateTimeFormat(LOCALES[lang], { timeZone, dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="hint">{t('lead')}</p>
        </div>
      </div>
      <form className="toolbar audit-filters" aria-label={t('filter.label')} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.action}>{t('filter.action')}</label>
          <select id={ids.action} value={filters.action} onChange={(event) => setFilter('action', event.target.value)}>
            <option value="">{t('filter.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionName(action, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.actor}>{t('filter.actor')}</label>
          <select id={ids.actor} value={filters.actorId} onChange={(event) => setFilter('actorId', event.target.value)}>
            <option value="">{t('filter.anyone')}</option>
            {[...adminNames].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
            {/* A shared link may name an actor the list does not hold (an employee): keep it selectable. */}
            {filters.actorId && !adminNames.has(filters.actorId) && <option value={filters.actorId}>{shortId(filters.actorId)}</option>}
          </select>
        </div>
        <DateField label={t('filter.from')} value={filters.startDate} problem={startProblem} onChange={(value) => setFilter('startDate', value)} />
        <DateField label={t('filter.to')} value={filters.endDate} problem={endProblem} onChange={(value) => setFilter('endDate', value)} />
        {anyFilter && (
          <button type="button" className="secondary" onClick={() => setQuery({ action: null, actorId: null, startDate: null, endDate: null, page: null })}>
            {t('filter.clear')}
          </button>
        )}
      </form>

      {logs.isPending ? (
        <Loading />
      ) : logs.isError && !(dateError && (startProblem || endProblem)) ? (
        <LoadError error={logs.error} onRetry={() => void logs.refetch()} />
      ) : logs.isError ? null : logs.data.items.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table audit-table">
              <caption>{t('table.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.when')}</th>
                  <th scope="col">{t('col.who')}</th>
                  <th scope="col">{t('col.what')}</th>
                  <th scope="col">{t('col.record')}</th>
                  <th scope="col">{t('col.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.items.map((row) => (
                  <AuditRow key={row.id} row={row} when={when(row.createdAt)} who={actorName(row, adminNames, self.id, t)} t={t} lines={auditDiff(row.details, timeZone, lang)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={logs.data.page} totalPages={logs.data.totalPages} total={logs.data.total} onPage={(next) => setQuery({ page: next === 1 ? null : next })} />
        </>
      )}
    </>
  );
}

function AuditRow({ row, when, who, lines, t }: { row: AuditLogRow; when: string; who: string; lines: DiffLine[]; t: T }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const what = actionName(row.action, t);
  const link = recordLink(row);
  const reason = isRecord(row.details) && typeof row.details.reason === 'string' ? row.details.reason : null;
  const expandable = lines.length > 0 || reason !== null;
  return (
    <Fragment>
      <tr>
        <td>
          <time dateTime={row.createdAt}>{when}</time>
        </td>
        <td>{who}</td>
        <td>{what}</td>
        <td>
          <span className="audit-record">{recordName(row, t)}</span>
          {link && (
            <>
              {' · '}
              <Link to={link.to}>{t(`record.${link.kind}`)}</Link>
            </>
          )}
        </td>
        <td>
          {expandable && (
            <button
              type="button"
              className="secondary"
              aria-expanded={open}
              aria-controls={panelId}
              aria-label={t(open ? 'changes.hideFor' : 'changes.showFor', { what, when })}
              onClick={() => setOpen(!open)}
            >
              {t(open ? 'changes.hide' : 'changes.show')}
            </button>
          )}
        </td>
      </tr>
      {expandable && (
        <tr id={panelId} className="audit-changes" hidden={!open}>
          <td colSpan={5}>
            {reason !== null && <p>{t('changes.reason', { reason })}</p>}
            {lines.length === 0 ? (
              reason === null && <p>{t('changes.none')}</p>
            ) : (
              <table className="data-table diff-table">
                {/* The action names its record ("Time entry corrected"); the record's name again only repeated it. */}
                <caption>{t('changes.caption', { what })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('changes.field')}</th>
                    <th scope="col">{t('changes.before')}</th>
                    <th scope="col">{t('changes.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.field}>
                      <th scope="row">{fieldName(line.field, t)}</th>
                      <td className={line.before === null ? 'diff-empty' : 'diff-before'}>{line.before ?? t('changes.empty')}</td>
                      <td className={line.after === null ? 'diff-empty' : 'diff-after'}>{line.after ?? t('changes.empty')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </td>
        </tr>
      )}
    </Fragment>
  );
}
