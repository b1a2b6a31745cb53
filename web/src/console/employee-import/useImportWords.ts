// What the import says about a row, in the person's language: the problems found in the
// spreadsheet, what an update changes, the service's refusal of a row, and the file of the rows to
// fix (their cells as they were, plus a Problem column), which can be fixed and imported again.
import { useCallback } from 'react';
import { ApiError } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { employeesMessages } from '../employees/messages.ts';
import { peopleMessages } from '../people/messages.ts';
import { formatMoney, formatPhone } from '../people/format.ts';
import { reasonText } from '../people/reasons.ts';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems, problemText } from '../ui/problems.ts';
import { problemsFor, type FieldChange, type RowPlan } from './employee-match.ts';
import { SHEET_COLUMNS, type EmployeeSheet, type RowProblem, type SheetColumn } from './employee-sheet.ts';
import { importMessages } from './messages.ts';
import type { Table } from './spreadsheet.ts';
import type { RowOutcome } from './useEmployeeImport.ts';

const isSheetColumn = (name: string): name is SheetColumn => (SHEET_COLUMNS as readonly string[]).includes(name);

export function useImportWords() {
  const { t, lang } = useCatalogue(importMessages);
  const { t: tEmployees } = useCatalogue(employeesMessages);
  const { t: tPeople } = useCatalogue(peopleMessages);
  const { t: tUi } = useCatalogue(uiMessages);

  const columnName = useCallback((column: SheetColumn) => tEmployees(`field.${column}`), [tEmployees]);

  const problemSentence = useCallback(
    (problem: RowProblem): string => {
      switch (problem.kind) {
        case 'required':
          return t('problem.required', { column: columnName(problem.column) });
        case 'pin':
          return t(problem.droppedZeros ? 'problem.pinZeros' : 'problem.pin');
        case 'payRate':
          return t('problem.payRate');
        case 'payType':
          return t('problem.payType');
        case 'repeated':
          return t(`problem.repeated.${problem.column}`, { line: problem.line });
      }
    },
    [t, columnName],
  );

  /** "Pay rate: $18.50 → $19.25". */
  const changeSentence = useCallback(
    ({ column, before, after }: FieldChange): string => {
      const shown = (value: string | number | null): string => {
        if (value === null || value === '') return '—';
        if (column === 'payRate') return formatMoney(Number(value), lang);
        if (column === 'payType') return tEmployees(`payType.${value as 'HOURLY' | 'SALARY'}`);
        if (column === 'phone') return formatPhone(String(value));
        return String(value);
      };
      return t('change', { column: columnName(column), before: shown(before), after: shown(after) });
    },
    [t, tEmployees, columnName, lang],
  );

  /** The service's refusal of one row: its known conflicts, or each field's reason under its name. */
  const refusalSentence = useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError && error.label === 'Phone already in use') return tEmployees('error.phoneInUse');
      if (error instanceof ApiError && error.label === 'Employee number already in use') return tEmployees('error.numberInUse');
      const fields = Object.entries(fieldProblems(error));
      if (fields.length === 0) return problemText(error, tUi);
      return fields
        .map(([field, reason]) => {
          if (field === 'pin') return t('problem.pin');
          return isSheetColumn(field) ? `${columnName(field)}: ${reasonText(reason, tPeople)}` : reasonText(reason, tPeople);
        })
        .join(' ');
    },
    [t, tEmployees, tPeople, tUi, columnName],
  );

  /** The rows to fix (their problems, or the service's refusal), as the file had them, with why in a last column. */
  const rowsToFix = useCallback(
    (sheet: EmployeeSheet, plans: ReadonlyMap<number, RowPlan>, outcomes: ReadonlyMap<number, RowOutcome>): Table => {
      const left: Table = [];
      for (const row of sheet.rows) {
        const outcome = outcomes.get(row.line);
        const problems = problemsFor(row, plans.get(row.line) ?? { kind: 'add' });
        const why = problems.length > 0 ? problems.map(problemSentence).join(' ') : outcome?.state === 'refused' ? refusalSentence(outcome.error) : null;
        if (why === null) continue;
        const cells = sheet.header.map((_, index) => row.cells[index] ?? '');
        left.push([...cells, why]);
      }
      return left.length === 0 ? [] : [[...sheet.header, t('left.problem')], ...left];
    },
    [t, problemSentence, refusalSentence],
  );

  return { t, tEmployees, columnName, problemSentence, changeSentence, refusalSentence, rowsToFix };
}
