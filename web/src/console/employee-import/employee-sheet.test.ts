import { describe, expect, it } from 'vitest';
import { employeesMessages } from '../employees/messages.ts';
import { headerKey, readEmployeeSheet as readSheet, REQUIRED_COLUMNS, SHEET_COLUMNS } from './employee-sheet.ts';
import type { Table } from './spreadsheet.ts';

const NEVER = () => {
  throw new Error('no PIN should be made up here');
};
const readEmployeeSheet = (table: Table) => readSheet(table, NEVER);

describe('readEmployeeSheet', () => {
  it('reads the console’s own column names, in English and in Spanish, as the template writes them', () => {
    for (const lang of ['en', 'es'] as const) {
      const header = SHEET_COLUMNS.map((column) => employeesMessages[lang][`field.${column}`]);
      const sheet = readEmployeeSheet([header, ['Ana', 'Lopez', '(212) 555-0147', '0482', 'ana@example.com', 'E-1', 'Baker', '22.50', 'Hourly', 'Lopez, Ana M.']]);
      expect(sheet.missing, lang).toEqual([]);
      expect(sheet.ignored, lang).toEqual([]);
      expect(sheet.rows[0]!.employee, lang).toEqual({
        firstName: 'Ana',
        lastName: 'Lopez',
        phone: '(212) 555-0147',
        pin: '0482',
        email: 'ana@example.com',
        employeeNumber: 'E-1',
        jobTitle: 'Baker',
        payRate: 22.5,
        payType: 'HOURLY',
        qbName: 'Lopez, Ana M.',
      });
    }
  });

  it('reads common names in any order and case, names what is missing and what it leaves out', () => {
    const sheet = readEmployeeSheet([['Surname', 'MOBILE', 'Given name', 'Department', 'Teléfono', 'PIN']]);
    expect(sheet.missing).toEqual([]);
    expect(sheet.ignored).toEqual(['Department', 'Teléfono']);
    expect(readEmployeeSheet([['Nombre', 'Correo', 'Number']]).missing).toEqual(['lastName', 'phone']);
    expect(headerKey('  Número de empleado ')).toBe('numerodeempleado');
    expect(headerKey('Pay rate (US$)')).toBe('payrate');
  });

  it('gives each row its line in the file, skips empty rows and leaves blank optional fields null', () => {
    const sheet = readEmployeeSheet([['First name', 'Last name', 'Phone', 'PIN', 'Email'], ['Ana', 'Lopez', '2125550147', '4821', ''], [''], [' ', '', '', '', ''], ['Sam', 'Chen', '2125550199', '7305']]);
    expect(sheet.rows.map((row) => row.line)).toEqual([2, 5]);
    expect(sheet.rows[0]!.employee).toMatchObject({ email: null, employeeNumber: null, jobTitle: null, payRate: 0, payType: 'HOURLY', qbName: null });
    expect(sheet.rows.every((row) => row.problems.length === 0)).toBe(true);
  });

  it('finds the problems the service would find too late or word too vaguely', () => {
    const sheet = readEmployeeSheet([
      ['First name', 'Last name', 'Phone', 'PIN', 'Employee number', 'Pay rate', 'Pay type'],
      ['Ana', '', '(212) 555-0147', '482', 'E-1', '$22.50', 'hourly'],
      ['Bo', 'Diaz', '', '12a4', 'E-2', 'twenty', 'weekly'],
      ['Cy', 'Ng', '+1 212-555-0147', '123456789', 'E-1', '-3', 'Salario'],
      ['Di', 'Ok', '212.555.0199', '00482', 'e-1', '52,000', 'SALARY'],
    ]);
    expect(sheet.rows.map((row) => row.problems)).toEqual([
      [{ kind: 'required', column: 'lastName' }, { kind: 'pin', droppedZeros: true }],
      [{ kind: 'required', column: 'phone' }, { kind: 'pin', droppedZeros: false }, { kind: 'payRate' }, { kind: 'payType' }],
      [{ kind: 'pin', droppedZeros: false }, { kind: 'payRate' }, { kind: 'repeated', column: 'phone', line: 2 }, { kind: 'repeated', column: 'employeeNumber', line: 2 }],
      [],
    ]);
    expect(sheet.rows[0]!.employee.payRate).toBe(22.5);
    expect(sheet.rows[3]!.employee).toMatchObject({ pin: '00482', payRate: 52000, payType: 'SALARY', employeeNumber: 'e-1' });
    expect(REQUIRED_COLUMNS).toEqual(['firstName', 'lastName', 'phone']);
  });

  it('reads pay types in both languages', () => {
    const rows = ['Hourly', 'por horas', 'Por hora', 'salaried', 'Sueldo', ''].map((type) => ['A', 'B', '2125550100', '1234', type]);
    const sheet = readEmployeeSheet([['First name', 'Last name', 'Phone', 'PIN', 'Tipo de pago'], ...rows.map((row, i) => [...row.slice(0, 2), `21255501${10 + i}`, ...row.slice(3)])]);
    expect(sheet.rows.map((row) => row.employee.payType)).toEqual(['HOURLY', 'HOURLY', 'HOURLY', 'SALARY', 'SALARY', 'HOURLY']);
  });

  it('makes up a PIN, once, for a row without one, and for every row of a sheet without the column', () => {
    let made = 0;
    const makePin = () => `90000${++made}`;
    const withColumn = readSheet([['First name', 'Last name', 'Phone', 'PIN'], ['Ana', 'Lopez', '2125550147', ''], ['Sam', 'Chen', '2125550199', '7305']], makePin);
    expect(withColumn.rows.map((row) => [row.employee.pin, row.pinMade])).toEqual([['900001', true], ['7305', false]]);
    const without = readSheet([['First name', 'Last name', 'Phone'], ['Ana', 'Lopez', '2125550147'], ['Sam', 'Chen', '2125550199']], makePin);
    expect(without.rows.map((row) => [row.employee.pin, row.pinMade, row.problems])).toEqual([['900002', true, []], ['900003', true, []]]);
    expect(made).toBe(3);
  });
});
