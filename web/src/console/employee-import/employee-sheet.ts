// A spreadsheet of employees, read into the employees it describes: the bodies of
// `POST /api/v1/admin/employees`, which employee-match.ts also compares with the company's own. Pure.
//
// The first row names the columns, in English or Spanish, as the console's own labels do or as
// people usually write them ("Mobile", "Apellido"). Each later row is one employee. A row is
// checked here only where the service's answer would come too late or say too little:
// - the fields the service requires (CONTRACT: first name, last name, phone);
// - a PIN that is not 4 to 8 digits, with the likely cause when a spreadsheet dropped its
//   leading zeros. A row without a PIN (or a sheet without the column) gets one made up here,
//   once, so that sending the row again sends the same body under the same key;
// - a pay rate or pay type that is not one;
// - a phone or employee number used twice in the file, which the service would refuse for the
//   second row only, after the first was added.
// Everything else (an email's shape, a phone already used in the company) is the service's to
// refuse, row by row.
import { parsePayRate } from '../people/format.ts';
import type { EmployeeInput, PayType } from '../employees/queries.ts';
import { cellText, type Table } from './spreadsheet.ts';

export const SHEET_COLUMNS = ['firstName', 'lastName', 'phone', 'pin', 'email', 'employeeNumber', 'jobTitle', 'payRate', 'payType', 'qbName'] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly SheetColumn[] = ['firstName', 'lastName', 'phone'];

/** A header as compared: lower case, no accents, no "(US$)", letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9]/g, '');
}

// The console's labels in both languages (employees/messages.ts; a test checks that each reads
// back as its column) and the names spreadsheets of staff commonly use.
const HEADER_NAMES: Record<SheetColumn, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'nombre', 'nombres', 'nombrepila'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'apellido', 'apellidos'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'cell', 'cellphone', 'telephone', 'telefono', 'numerodetelefono', 'celular', 'movil'],
  pin: ['pin', 'pincode', 'codigopin'],
  email: ['email', 'emailaddress', 'mail', 'correo', 'correoelectronico'],
  employeeNumber: ['employeenumber', 'employeeno', 'employeeid', 'number', 'numerodeempleado', 'numeroempleado', 'nodeempleado', 'numero'],
  jobTitle: ['jobtitle', 'title', 'position', 'role', 'puesto', 'cargo'],
  payRate: ['payrate', 'rate', 'hourlyrate', 'wage', 'tarifa', 'tarifaporhora'],
  payType: ['paytype', 'type', 'tipodepago', 'tipopago', 'tipo'],
  qbName: ['nameinquickbooks', 'quickbooksname', 'qbname', 'nombreenquickbooks'],
};

const COLUMN_OF_HEADER = new Map<string, SheetColumn>(SHEET_COLUMNS.flatMap((column) => HEADER_NAMES[column].map((name) => [name, column] as const)));

const PAY_TYPE_WORDS: Record<string, PayType> = {
  hourly: 'HOURLY',
  hour: 'HOURLY',
  hours: 'HOURLY',
  porhoras: 'HOURLY',
  porhora: 'HOURLY',
  salary: 'SALARY',
  salaried: 'SALARY',
  salario: 'SALARY',
  asalariado: 'SALARY',
  sueldo: 'SALARY',
};

/** What is wrong with a row, for the page to word in the person's language. */
export type RowProblem =
  | { kind: 'required'; column: SheetColumn }
  /** `droppedZeros`: 1 to 3 digits, as a spreadsheet leaves "0482" when it reads it as a number. */
  | { kind: 'pin'; droppedZeros: boolean }
  | { kind: 'payRate' }
  | { kind: 'payType' }
  /** The same phone or employee number as an earlier row of the file (its line). */
  | { kind: 'repeated'; column: 'phone' | 'employeeNumber'; line: number };

export type NewEmployee = Omit<EmployeeInput, 'companyId'>;

export interface SheetRow {
  /** The row's line in the spreadsheet, counting the header as line 1. */
  line: number;
  /** The row's cells as the file had them, for the file of the rows to fix. */
  cells: string[];
  employee: NewEmployee;
  /** The columns this row has a value in: the only fields it changes of an employee already there. */
  given: ReadonlySet<SheetColumn>;
  /** The PIN was made up here: the employee learns it from the printed slip. */
  pinMade: boolean;
  problems: RowProblem[];
}

export interface EmployeeSheet {
  /** The header row as the file had it. */
  header: string[];
  /** Required columns the header does not name. */
  missing: SheetColumn[];
  /** Headers that name no column, which the import leaves out. */
  ignored: string[];
  rows: SheetRow[];
}

const orNull = (text: string): string | null => (text === '' ? null : text);
/** A phone's digits without a US country code, so "(212) 555-0147" and "+12125550147" compare equal. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** `makePin` makes up the PIN of a row without one. */
export function readEmployeeSheet(table: Table, makePin: () => string): EmployeeSheet {
  const [header = [], ...body] = table;
  const index = new Map<SheetColumn, number>();
  const ignored: string[] = [];
  header.forEach((name, position) => {
    const column = COLUMN_OF_HEADER.get(headerKey(name));
    if (column && !index.has(column)) index.set(column, position);
    else if (name.trim() !== '') ignored.push(name.trim());
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !index.has(column));

  const firstLineOf = { phone: new Map<string, number>(), employeeNumber: new Map<string, number>() };
  const rows: SheetRow[] = [];
  body.forEach((cells, position) => {
    // A row with nothing in it (Excel leaves some after the last employee) is not an employee.
    if (cells.every((cell) => cellText(cell) === '')) return;
    const line = position + 2;
    const cell = (column: SheetColumn) => {
      const at = index.get(column);
      return at === undefined ? '' : cellText(cells[at]);
    };
    const problems: RowProblem[] = [];
    for (const column of REQUIRED_COLUMNS) if (cell(column) === '') problems.push({ kind: 'required', column });
    const typedPin = cell('pin');
    const pin = typedPin === '' ? makePin() : typedPin;
    if (!/^\d{4,8}$/.test(pin)) problems.push({ kind: 'pin', droppedZeros: /^\d{1,3}$/.test(pin) });
    const payRate = parsePayRate(cell('payRate'));
    if (Number.isNaN(payRate) || payRate < 0) problems.push({ kind: 'payRate' });
    const payTypeText = headerKey(cell('payType'));
    const payType = payTypeText === '' ? 'HOURLY' : PAY_TYPE_WORDS[payTypeText];
    if (!payType) problems.push({ kind: 'payType' });
    // The service keeps phones in E.164 and compares employee numbers as written.
    const keys = { phone: phoneDigits(cell('phone')), employeeNumber: cell('employeeNumber') };
    for (const column of ['phone', 'employeeNumber'] as const) {
      if (keys[column] === '') continue;
      const earlier = firstLineOf[column].get(keys[column]);
      if (earlier === undefined) firstLineOf[column].set(keys[column], line);
      else problems.push({ kind: 'repeated', column, line: earlier });
    }
    rows.push({
      line,
      cells,
      employee: {
        firstName: cell('firstName'),
        lastName: cell('lastName'),
        phone: cell('phone'),
        pin,
        email: orNull(cell('email')),
        employeeNumber: orNull(cell('employeeNumber')),
        jobTitle: orNull(cell('jobTitle')),
        payRate: Number.isNaN(payRate) ? 0 : payRate,
        payType: payType ?? 'HOURLY',
        qbName: orNull(cell('qbName')),
      },
      given: new Set(SHEET_COLUMNS.filter((column) => cell(column) !== '')),
      pinMade: typedPin === '',
      problems,
    });
  });
  return { header, missing, ignored, rows };
}
