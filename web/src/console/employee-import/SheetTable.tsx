// The spreadsheet's employees, one row each, with the row's line in the file (to find it there) and
// its state: to add, to update (and what changes), up to date, to fix (and what); then added (the
// phone as the service keeps it), updated or refused (and why). The name of an employee the
// company has opens their page.
// No PIN is shown: the sheet has them, and a screen is seen by more people than a file.
import { formatMoney, formatPhone } from '../people/format.ts';
import { Link } from '../router.tsx';
import { badgeClass, type Tone } from '../ui/tones.ts';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from '../ui/messages.ts';
import { employeeAfter, problemsFor, type RowPlan } from './employee-match.ts';
import type { EmployeeSheet, SheetRow } from './employee-sheet.ts';
import type { RowOutcome } from './useEmployeeImport.ts';
import type { useImportWords } from './useImportWords.ts';

type Words = ReturnType<typeof useImportWords>;

/** `plans` is empty while the company's employees are being read. */
export function SheetTable({ sheet, plans, outcomes, words }: { sheet: EmployeeSheet; plans: ReadonlyMap<number, RowPlan>; outcomes: ReadonlyMap<number, RowOutcome>; words: Words }) {
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
            const plan = plans.get(row.line);
            const employeeId = outcome && outcome.state !== 'refused' ? outcome.employeeId : plan && plan.kind !== 'add' ? plan.employeeId : null;
            // An employee already there shows as they will be, not as the row's blank cells.
            const employee = employeeAfter(row, plan);
            const name = `${employee.lastName}, ${employee.firstName}`.replace(/^, |, $/, '');
            return (
              <tr key={row.line}>
                <td className="num">{row.line}</td>
                <th scope="row" className="row-name">
                  {employeeId ? <Link to={`/admin/employees/${employeeId}`}>{name}</Link> : name || '—'}
                </th>
                <td className="row-email">{outcome?.state === 'added' ? formatPhone(outcome.phone) : formatPhone(employee.phone) || '—'}</td>
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
                  <RowState row={row} plan={plan} outcome={outcome} words={words} />
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

function rowState(row: SheetRow, plan: RowPlan | undefined, outcome: RowOutcome | undefined, words: Words): [Tone, string, string[]] | null {
  const { t, problemSentence, changeSentence, refusalSentence } = words;
  // What was done first: once saved, the company's employees are read again and an added or
  // updated row plans as up to date.
  if (outcome?.state === 'added') return ['ok', t('status.added'), []];
  if (outcome?.state === 'updated') return ['ok', t('status.updated'), outcome.fields.map(changeSentence)];
  if (outcome?.state === 'refused') return ['bad', t('status.refused'), [refusalSentence(outcome.error)]];
  if (!plan) return null;
  const problems = problemsFor(row, plan);
  if (problems.length > 0) return ['bad', t('status.fix'), problems.map(problemSentence)];
  if (plan.kind === 'update') return ['info', t('status.update'), plan.fields.map(changeSentence)];
  if (plan.kind === 'same') return ['muted', t('status.same'), []];
  return ['info', t('status.add'), []];
}

function RowState({ row, plan, outcome, words }: { row: SheetRow; plan: RowPlan | undefined; outcome: RowOutcome | undefined; words: Words }) {
  const state = rowState(row, plan, outcome, words);
  if (!state) return <>—</>;
  const [tone, label, reasons] = state;
  const { t } = words;
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
