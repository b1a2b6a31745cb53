// What the import will do with each row of the file, for the chosen company: read that company's
// employees (all of them, inactive too, since a phone or number stays theirs), plan each row as a
// new employee, an update or nothing to do (employee-match.ts), and count the rows for the page.
// The company's employees are under the employees' query keys, so saving rows reads them again.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { employeeKeys } from '../people/keys.ts';
import { fetchEveryEmployee } from '../employees/queries.ts';
import { indexStaff, planRow, problemsFor, type RowPlan } from './employee-match.ts';
import type { EmployeeSheet } from './employee-sheet.ts';
import type { RowOutcome, RowToSave } from './useEmployeeImport.ts';

export interface ImportPlan {
  /** Each row's plan; empty while the company's employees are read. */
  plans: ReadonlyMap<number, RowPlan>;
  /** True while they are read (there is nothing to plan against yet). */
  checking: boolean;
  /** Could not read them: the error, and a way to read them again. */
  failed: unknown;
  retry(): void;
  /** The rows Add would send now: planned, without problems, not yet saved. */
  toSave: RowToSave[];
  counts: { rows: number; add: number; update: number; same: number; fix: number; added: number; updated: number; refused: number };
}

export function useImportPlan(sheet: EmployeeSheet | null, companyId: string, outcomes: ReadonlyMap<number, RowOutcome>): ImportPlan {
  const staff = useQuery({
    queryKey: [...employeeKeys.all, 'every', companyId],
    queryFn: () => fetchEveryEmployee({ companyId, showAll: true, search: '' }),
    enabled: sheet !== null && companyId !== '',
  });

  const plans = useMemo(() => {
    const plans = new Map<number, RowPlan>();
    if (!sheet) return plans;
    // Without a company nothing can be matched yet: every row reads as new until one is chosen.
    if (!companyId) for (const row of sheet.rows) plans.set(row.line, { kind: 'add' });
    else if (staff.data) {
      const index = indexStaff(staff.data);
      for (const row of sheet.rows) plans.set(row.line, planRow(row, index));
    }
    return plans;
  }, [sheet, companyId, staff.data]);

  const toSave: RowToSave[] = [];
  const counts = { rows: sheet?.rows.length ?? 0, add: 0, update: 0, same: 0, fix: 0, added: 0, updated: 0, refused: 0 };
  for (const outcome of outcomes.values()) counts[outcome.state]++;
  for (const row of sheet?.rows ?? []) {
    const plan = plans.get(row.line);
    if (!plan || outcomes.has(row.line)) continue;
    if (problemsFor(row, plan).length > 0) counts.fix++;
    else if (plan.kind === 'same') counts.same++;
    else {
      counts[plan.kind]++;
      toSave.push({ row, plan });
    }
  }
  return { plans, checking: companyId !== '' && sheet !== null && staff.isPending, failed: staff.error, retry: () => void staff.refetch(), toSave, counts };
}
