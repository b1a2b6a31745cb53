// Saves a spreadsheet's ready rows, one request at a time in the file's order, and keeps each
// row's outcome: a new employee is created, one already there is updated with the row's changes
// (employee-match.ts). One at a time: the service hashes each new PIN (argon2id), the rows keep
// their order, and a stop takes effect before the next row.
//
// - Each new employee's row has its own Idempotency-Key, kept for the same row and body: pressing
//   Add again after a lost answer gets the first result, not a second employee (docs/api.md §12).
//   An update sets fields to values, so sending it again changes nothing more.
// - A refusal of one row (400, 409: a phone already used in the company) is that row's outcome;
//   the next rows go on.
// - An answer that says nothing about the row (no connection, signed out, the service busy or
//   failing, the company gone) stops the run: every later row would get it too. The rows not yet
//   added stay ready, and Add sends them again.
// - The lists of people are invalidated once, at the end, not after every row.
// - Leaving the page stops the run after the row in flight.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, newIdempotencyKey } from '../api.ts';
import { createEmployee, updateEmployee } from '../employees/queries.ts';
import { invalidatePeople } from '../people/keys.ts';
import type { FieldChange, RowPlan } from './employee-match.ts';
import type { SheetRow } from './employee-sheet.ts';

/** `phone`: as the service keeps it (E.164), for the PIN slip; `fields`: what an update changed. */
export type RowOutcome =
  | { state: 'added'; employeeId: string; phone: string }
  | { state: 'updated'; employeeId: string; fields: FieldChange[] }
  | { state: 'refused'; error: unknown };

/** A row to send: a new employee, or the changes to one already there. */
export interface RowToSave {
  row: SheetRow;
  plan: Exclude<RowPlan, { kind: 'same' }>;
}

export interface ImportRun {
  outcomes: ReadonlyMap<number, RowOutcome>;
  /** Rows sent and answered in the current run, of `total`. */
  progress: { done: number; total: number } | null;
  /** Why the last run stopped before its end: the answer that stopped it, or 'stopped' for Stop. */
  halted: unknown;
  run(companyId: string, rows: readonly RowToSave[]): Promise<void>;
  stop(): void;
  reset(): void;
}

/** Whether a refusal is about the row itself, so the rows after it may still be added. */
const refusesOnlyThisRow = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 422);

export function useEmployeeImport(): ImportRun {
  const queryClient = useQueryClient();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, RowOutcome>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [halted, setHalted] = useState<unknown>(null);
  const keys = useRef(new Map<string, string>());
  const stopping = useRef(false);

  // Leaving the page stops the run after the row in flight, as Stop does.
  useEffect(
    () => () => {
      stopping.current = true;
    },
    [],
  );

  const run = useCallback(
    async (companyId: string, rows: readonly RowToSave[]) => {
      const keyFor = (line: number, body: unknown) => {
        const id = `${line} ${JSON.stringify(body)}`;
        let key = keys.current.get(id);
        if (!key) keys.current.set(id, (key = newIdempotencyKey()));
        return key;
      };
      stopping.current = false;
      setHalted(null);
      setProgress({ done: 0, total: rows.length });
      try {
        for (const [done, { row, plan }] of rows.entries()) {
          if (stopping.current) {
            setHalted('stopped');
            break;
          }
          let outcome: RowOutcome;
          try {
            if (plan.kind === 'update') {
              await updateEmployee(plan.employeeId, plan.changes);
              outcome = { state: 'updated', employeeId: plan.employeeId, fields: plan.fields };
            } else {
              const body = { companyId, ...row.employee };
              const created = await createEmployee(body, keyFor(row.line, body));
              outcome = { state: 'added', employeeId: created.id, phone: created.phone };
            }
          } catch (error) {
            if (!refusesOnlyThisRow(error)) {
              setHalted(error);
              break;
            }
            outcome = { state: 'refused', error };
          }
          setOutcomes((current) => new Map(current).set(row.line, outcome));
          setProgress({ done: done + 1, total: rows.length });
        }
      } finally {
        setProgress(null);
        await invalidatePeople(queryClient);
      }
    },
    [queryClient],
  );

  const stop = useCallback(() => {
    stopping.current = true;
  }, []);

  const reset = useCallback(() => {
    setOutcomes(new Map());
    setHalted(null);
    keys.current.clear();
  }, []);

  return { outcomes, progress, halted, run, stop, reset };
}
