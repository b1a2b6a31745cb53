// The employee list as a spreadsheet, in the import's own columns (employee-sheet.ts) and the
// person's language, so that a list downloaded here reads back in as it is. Two more columns,
// Company and Status, say whose and which; the import leaves them out. No PIN: the service never
// answers one. Pure.
import { SHEET_COLUMNS, type SheetColumn } from './employee-sheet.ts';
import type { Table } from './spreadsheet.ts';
import type { Employee } from '../employees/queries.ts';
import { formatPhone } from '../people/format.ts';

export interface ListWords {
  column(column: SheetColumn): string;
  payType(type: Employee['payType']): string;
  company: string;
  status: string;
  statusOf(active: boolean): string;
}

const LIST_COLUMNS = SHEET_COLUMNS.filter((column): column is Exclude<SheetColumn, 'pin'> => column !== 'pin');

export function employeeListTable(employees: readonly Employee[], words: ListWords): Table {
  const cell: Record<Exclude<SheetColumn, 'pin'>, (employee: Employee) => string> = {
    firstName: (employee) => employee.firstName,
    lastName: (employee) => employee.lastName,
    phone: (employee) => formatPhone(employee.phone),
    email: (employee) => employee.email ?? '',
    employeeNumber: (employee) => employee.employeeNumber ?? '',
    jobTitle: (employee) => employee.jobTitle ?? '',
    // A plain number, as the service's own CSV writes amounts (src/domain/csv.ts).
    payRate: (employee) => employee.payRate.toFixed(2),
    payType: (employee) => words.payType(employee.payType),
    qbName: (employee) => employee.qbName ?? '',
  };
  return [
    [...LIST_COLUMNS.map(words.column), words.company, words.status],
    ...employees.map((employee) => [...LIST_COLUMNS.map((column) => cell[column](employee)), employee.company.name, words.statusOf(employee.active)]),
  ];
}
