// Which rows of a spreadsheet are employees the company already has, and what in them changed.
// Pure.
//
// A row is an employee already there when its employee number is one of the company's (the
// bookkeeper's own key, so the row may rename them). A row without a number is one when its phone
// is an employee's and so is its name: a phone is how an employee signs in, and a row that names
// someone else with it is a mistake for the service to refuse, not a rename. Such a row changes
// only the fields it has a value in: a blank cell leaves the field as
// it is, so a sheet with a few columns filled in is a safe way to change those few. A PIN is never
// changed this way, since a new PIN signs the employee out everywhere: that stays on the
// employee's page. Everything else in the row is a new employee.
import type { Employee, EmployeeChanges } from '../employees/queries.ts';
import { phoneDigits, type RowProblem, type SheetColumn, type SheetRow } from './employee-sheet.ts';

export type ChangedColumn = Exclude<SheetColumn, 'pin'>;

export interface FieldChange {
  column: ChangedColumn;
  before: string | number | null;
  after: string | number | null;
}

/** `current`: the employee as the company has them now. */
export type RowPlan =
  | { kind: 'add' }
  | { kind: 'update'; employeeId: string; current: Employee; changes: EmployeeChanges; fields: FieldChange[] }
  | { kind: 'same'; employeeId: string; current: Employee };

export interface CompanyStaff {
  byNumber: ReadonlyMap<string, Employee>;
  byPhone: ReadonlyMap<string, Employee>;
}

const sameName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  a.firstName.toLocaleLowerCase() === b.firstName.toLocaleLowerCase() && a.lastName.toLocaleLowerCase() === b.lastName.toLocaleLowerCase();

function findEmployee(employee: SheetRow['employee'], staff: CompanyStaff): Employee | undefined {
  if (employee.employeeNumber) return staff.byNumber.get(employee.employeeNumber);
  const byPhone = staff.byPhone.get(phoneDigits(employee.phone));
  return byPhone && sameName(byPhone, employee) ? byPhone : undefined;
}

export function indexStaff(employees: readonly Employee[]): CompanyStaff {
  const byNumber = new Map<string, Employee>();
  const byPhone = new Map<string, Employee>();
  for (const employee of employees) {
    if (employee.employeeNumber) byNumber.set(employee.employeeNumber, employee);
    byPhone.set(phoneDigits(employee.phone), employee);
  }
  return { byNumber, byPhone };
}

const CHANGED_COLUMNS: readonly ChangedColumn[] = ['firstName', 'lastName', 'phone', 'email', 'employeeNumber', 'jobTitle', 'payRate', 'payType', 'qbName'];

/** Whether a row's value is the same as the employee's, as the service would store it. */
function same(column: ChangedColumn, before: string | number | null, after: string | number | null): boolean {
  if (column === 'phone') return phoneDigits(String(before)) === phoneDigits(String(after));
  if (column === 'payRate') return Math.round(Number(before) * 100) === Math.round(Number(after) * 100);
  return before === after;
}

export function planRow(row: SheetRow, staff: CompanyStaff): RowPlan {
  const { employee } = row;
  const match = findEmployee(employee, staff);
  if (!match) return { kind: 'add' };
  const fields: FieldChange[] = [];
  for (const column of CHANGED_COLUMNS) {
    if (!row.given.has(column)) continue;
    const before = match[column] ?? null;
    const after = employee[column] ?? null;
    if (!same(column, before, after)) fields.push({ column, before, after });
  }
  if (fields.length === 0) return { kind: 'same', employeeId: match.id, current: match };
  const changes = Object.fromEntries(fields.map((field) => [field.column, field.after])) as EmployeeChanges;
  return { kind: 'update', employeeId: match.id, current: match, changes, fields };
}

/** The employee as they will be: an employee already there with the row's values over theirs. */
export function employeeAfter(row: SheetRow, plan: RowPlan | undefined): SheetRow['employee'] {
  if (!plan || plan.kind === 'add') return row.employee;
  const after = { ...row.employee };
  for (const column of CHANGED_COLUMNS) if (!row.given.has(column)) Object.assign(after, { [column]: plan.current[column] });
  return after;
}

/** A row's problems for its plan: a PIN matters only to a new employee. */
export function problemsFor(row: SheetRow, plan: RowPlan): RowProblem[] {
  return plan.kind === 'add' ? row.problems : row.problems.filter((problem) => problem.kind !== 'pin');
}
