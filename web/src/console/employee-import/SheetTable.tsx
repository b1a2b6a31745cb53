// The spreadsheet's employees, one row each, with the row's line in the file (to find it there) and
// its state: ready, to fix (and what), added (the name opens the employee; the phone as the service
// keeps it) or refused (and why).
// No PIN is shown: the sheet has them, and a screen is seen by more people than a file.
import { formatMoney, formatPhone } from '../people/format.ts';
import { Link } from '../router.tsx';
import { badgeClass, type Tone } from '../ui/tones.ts';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from '../ui/messages.ts';
import type { EmployeeSheet, SheetRow } from './employee-sheet.ts';
import type { RowOutcome } from './useEmployeeImport.ts';
import type { useImportWords } from './useImportWords.ts';

type Words = ReturnType<typeof useImportWords>;

export function SheetTable({ sheet, outcomes, words }: { sheet: EmployeeSheet; outcomes: ReadonlyMap<number, RowOutcome>; words: Words }) {
  const { t, tEmployees } = words;
  return (
    <div className="table-wrap">
      <table className="data-table import-table">
        <caption>{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('col.line')}
            </th>
            <th scope="col">{tEmployees('col.name')}</th>
            <th scope="col">{tEmployees('col.phone')}</th>
            <th scope="col">{tEmployees('col.number')}</th>
            <th scope="col">{tEmployees('col.jobTitle')}</th>
            <th scope="col" className="num">
              {tEmployees('col.payRate')}
            </th>
            <th scope="col">{t('col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row) => {
            const outcome = outcomes.get(row.line);
            const { employee } = row;
            const name = `${employee.lastName}, ${employee.firstName}`.replace(/^, |, $/, '');
            return (
              <tr key={row.line}>
                <td className="num">{row.line}</td>
                <th scope="row" className="row-name">
                  {outcome?.state === 'added' ? <Link to={`/admin/employees/${outcome.employeeId}`}>{name}</Link> : name || '—'}
                </th>
                <td className="row-email">{outcome?.state === 'added' ? formatPhone(outcome.phone) : employee.phone || '—'}</td>
                <td>{employee.employeeNumber ?? '—'}</td>
                <td>{employee.jobTitle ?? '—'}</td>
                <td className="num">
                  {row.problems.some((problem) => problem.kind === 'payRate' || problem.kind === 'payType') ? (
                    '—'
                  ) : (
                    <PayRate employee={employee} words={words} />
                  )}
                </td>
                <td className="import-result">
                  <RowState row={row} outcome={outcome} words={words} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PayRate({ employee, words }: { employee: SheetRow['employee']; words: Words }) {
  const { tEmployees } = words;
  const { lang } = useCatalogue(uiMessages);
  const amount = formatMoney(employee.payRate ?? 0, lang);
  return (
    <>
      {employee.payType === 'SALARY' ? amount : tEmployees('perHour', { amount })}
      <span className="hint row-sub">{tEmployees(`payType.${employee.payType ?? 'HOURLY'}`)}</span>
    </>
  );
}

function RowState({ row, outcome, words }: { row: SheetRow; outcome: RowOutcome | undefined; words: Words }) {
  const { t, problemSentence, refusalSentence } = words;
  const [tone, label, reasons]: [Tone, string, string[]] =
    row.problems.length > 0
      ? ['bad', t('status.fix'), row.problems.map(problemSentence)]
      : outcome?.state === 'added'
        ? ['ok', t('status.added'), []]
        : outcome?.state === 'refused'
          ? ['bad', t('status.refused'), [refusalSentence(outcome.error)]]
          : ['info', t('status.ready'), []];
  return (
    <>
      <span className={badgeClass(tone)}>{label}</span>
      {outcome?.state === 'added' && row.pinMade && <span className="hint row-sub">{t('pin.made')}</span>}
      {reasons.length > 0 && (
        <ul className="import-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </>
  );
}
