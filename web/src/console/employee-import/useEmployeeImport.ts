// Saves a spreadsheet's ready rows through useRunInOrder (one request at a time, in the file's
// order; a row's own refusal is its outcome, anything else stops the run): a new employee is
// created, one already there is updated with the row's changes (employee-match.ts).
//
// - Each new employee's row has its own Idempotency-Key, kept for the same row and body: pressing
//   the button again after a lost answer gets the first result, not a second employee
//   (docs/api.md §12). An update sets fields to values, so sending it again changes nothing more.
// - The lists of people are refreshed once, at the end.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../api.ts';
import { createEmployee, updateEmployee } from '../employees/queries.ts';
import { invalidatePeople } from '../people/keys.ts';
import { useRunInOrder, type Refused, type RunInOrder } from '../ui/useRunInOrder.ts';
import type { FieldChange, RowPlan } from './employee-match.ts';
import type { SheetRow } from './employee-sheet.ts';

/** `phone`: as the service keeps it (E.164), for the PIN slip; `fields`: what an update changed. */
export type RowOutcome = { state: 'added'; employeeId: string; phone: string } | { state: 'updated'; employeeId: string; fields: FieldChange[] } | Refused;

/** A row to send: a new employee, or the changes to one already there. */
export interface RowToSave {
  row: SheetRow;
  plan: Exclude<RowPlan, { kind: 'same' }>;
}

export interface ImportRun extends Omit<RunInOrder<RowToSave, RowOutcome, number>, 'run'> {
  run(companyId: string, rows: readonly RowToSave[]): Promise<void>;
}

export function useEmployeeImport(): ImportRun {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const company = useRef('');

  const keyFor = (line: number, body: unknown) => {
    const id = `${line} ${JSON.stringify(body)}`;
    let key = keys.current.get(id);
    if (!key) keys.current.set(id, (key = newIdempotencyKey()));
    return key;
  };

  const runner = useRunInOrder<RowToSave, RowOutcome, number>({
    keyOf: ({ row }) => row.line,
    send: async ({ row, plan }) => {
      if (plan.kind === 'update') {
        await updateEmployee(plan.employeeId, plan.changes);
        return { state: 'updated', employeeId: plan.employeeId, fields: plan.fields };
      }
      const body = { companyId: company.current, ...row.employee };
      const created = await createEmployee(body, keyFor(row.line, body));
      return { state: 'added', employeeId: created.id, phone: created.phone };
    },
    afterRun: () => invalidatePeople(queryClient),
  });

  const { run: runRows, reset: resetRows } = runner;
  const run = useCallback(
    (companyId: string, rows: readonly RowToSave[]) => {
      company.current = companyId;
      return runRows(rows);
    },
    [runRows],
  );
  const reset = useCallback(() => {
    resetRows();
    keys.current.clear();
  }, [resetRows]);

  return { ...runner, run, reset };
}
