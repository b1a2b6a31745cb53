// The report's table: a row per group with its totals and flags, the totals underneath, and where
// each row leads on (a week to its days, a day to who worked it, an employee to their page).
import type { Lang } from '../../i18n/translate.ts';
import { formatHours } from '../../i18n/format.ts';
import type { Translate } from '../catalogue.ts';
import { href, Link } from '../router.tsx';
import { badgeClass, FLAG_TONE } from '../ui/tones.ts';
import { weekStarting } from '../pay-period-entries/entry-groups.ts';
import { formatCalendarDate, formatCount, formatMoney } from './format.ts';
import type { ReportsKey } from './messages.ts';
import type { GroupBy, ReportRow } from './queries.ts';

export type T = Translate<ReportsKey>;

/** A row's first cell in words: dates in the person's language, a missing job code said plainly. */
export function rowLabel(row: ReportRow, groupBy: GroupBy, t: T, lang: Lang): string {
  if (groupBy === 'day' && row.key) return formatCalendarDate(row.key, lang);
  if (groupBy === 'week' && row.key) return t('row.week', { date: formatCalendarDate(row.key, lang, false) });
  if (groupBy === 'jobCode' && row.key === null) return t('row.noJobCode');
  return row.label;
}

const linkOrText = (to: string | null, text: string) => (to ? <Link to={to}>{text}</Link> : text);

const NUMBER_COLUMNS = ['col.entries', 'col.regular', 'col.overtime', 'col.total', 'col.pay'] as const;

/**
 * Where a row leads: an employee to their page; a day to that day by employee; a week to that week
 * by day (the other choices kept, a pay period's range replaced by the row's). A job code leads
 * nowhere: the report has no job-code filter.
 */
export function rowLink(row: ReportRow, groupBy: GroupBy, search: URLSearchParams): string | null {
  if (row.key === null) return null;
  if (groupBy === 'employee') return `/admin/employees/${encodeURIComponent(row.key)}`;
  const narrowed = (range: { startDate: string; endDate: string }, by: GroupBy) =>
    href('/admin/reports', { ...Object.fromEntries(search), payPeriodId: null, ...range, groupBy: by === 'employee' ? null : by });
  if (groupBy === 'day') return narrowed({ startDate: row.key, endDate: row.key }, 'employee');
  if (groupBy === 'week') return narrowed(weekStarting(row.key), 'day');
  return null;
}

export function ReportTable({
  rows,
  totals,
  groupBy,
  rowLink,
  t,
  lang,
}: {
  rows: ReportRow[];
  totals: Omit<ReportRow, 'key' | 'label' | 'flags'>;
  groupBy: GroupBy;
  rowLink(row: ReportRow): string | null;
  t: T;
  lang: Lang;
}) {
  const hours = (value: number) => formatHours(value, lang);
  const money = (value: number) => formatMoney(value, lang);
  return (
    <div className="table-wrap">
      <table className="data-table report-table">
        <caption>{t(`caption.${groupBy}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`col.${groupBy}`)}</th>
            {NUMBER_COLUMNS.map((column) => (
              <th key={column} scope="col" className="num">
                {t(column)}
              </th>
            ))}
            <th scope="col">{t('col.flags')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key ?? '∅'}>
              <th scope="row">{linkOrText(rowLink(row), rowLabel(row, groupBy, t, lang))}</th>
              <td className="num">{formatCount(row.entries, lang)}</td>
              <td className="num">{hours(row.regularHours)}</td>
              <td className="num">{hours(row.overtimeHours)}</td>
              <td className="num">{hours(row.totalHours)}</td>
              <td className="num">{money(row.pay.total)}</td>
              <td>
                {row.flags.map((flag) => (
                  <span key={flag} className={badgeClass(FLAG_TONE[flag])}>
                    {t(`flag.${flag}`)}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('row.totals')}</th>
            <td className="num">{formatCount(totals.entries, lang)}</td>
            <td className="num">{hours(totals.regularHours)}</td>
            <td className="num">{hours(totals.overtimeHours)}</td>
            <td className="num">{hours(totals.totalHours)}</td>
            <td className="num">{money(totals.pay.total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
