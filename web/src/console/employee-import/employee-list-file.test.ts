import { describe, expect, it } from 'vitest';
import type { Employee } from '../employees/queries.ts';
import { employeesMessages } from '../employees/messages.ts';
import { employeeListTable } from './employee-list-file.ts';
import { readEmployeeSheet } from './employee-sheet.ts';
import { parseCsv, writeCsv } from './spreadsheet.ts';

const company = { id: 'c1', name: 'Sunrise Bakery', bookkeeperOrgId: 'o1' };
const employee = (values: Partial<Employee>): Employee =>
  ({
    id: 'e1',
    companyId: 'c1',
    firstName: 'Ana',
    lastName: 'Lopez',
    email: null,
    phone: '+12125550147',
    employeeNumber: null,
    jobTitle: null,
    payRate: 0,
    payType: 'HOURLY',
    active: true,
    qbName: null,
    company,
    ...values,
  }) as Employee;

describe('employeeListTable', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`writes the import's columns in ${lang}, and its file reads back in as it was`, () => {
      const messages = employeesMessages[lang];
      const staff = [
        employee({ email: 'ana@example.com', employeeNumber: 'E-1', jobTitle: 'Baker', payRate: 22.5, qbName: 'Lopez, Ana M.' }),
        employee({ id: 'e2', firstName: 'Flo', lastName: 'Reyes, Jr.', phone: '+12125550199', payRate: 52000, payType: 'SALARY', active: false }),
      ];
      const table = employeeListTable(staff, {
        column: (column) => messages[`field.${column}`],
        payType: (type) => messages[`payType.${type}`],
        company: messages['download.company'],
        status: messages['col.status'],
        statusOf: (active) => (active ? 'Active' : 'Inactive'),
      });
      if (lang === 'en') {
        expect(table[0]).toEqual(['First name', 'Last name', 'Phone', 'Email', 'Employee number', 'Job title', 'Pay rate (US$)', 'Pay type', 'Name in QuickBooks', 'Company', 'Status']);
      }
      expect(table[1]).toEqual(['Ana', 'Lopez', '(212) 555-0147', 'ana@example.com', 'E-1', 'Baker', '22.50', messages['payType.HOURLY'], 'Lopez, Ana M.', 'Sunrise Bakery', 'Active']);
      expect(table[2]![table[2]!.length - 1]).toBe('Inactive');

      const sheet = readEmployeeSheet(parseCsv(writeCsv(table)), () => '123456');
      expect(sheet.missing).toEqual([]);
      expect(sheet.ignored).toEqual([messages['download.company'], messages['col.status']]);
      expect(sheet.rows.map((row) => row.problems)).toEqual([[], []]);
      expect(sheet.rows.map((row) => row.employee)).toEqual([
        { firstName: 'Ana', lastName: 'Lopez', phone: '(212) 555-0147', pin: '123456', email: 'ana@example.com', employeeNumber: 'E-1', jobTitle: 'Baker', payRate: 22.5, payType: 'HOURLY', qbName: 'Lopez, Ana M.' },
        { firstName: 'Flo', lastName: 'Reyes, Jr.', phone: '(212) 555-0199', pin: '123456', email: null, employeeNumber: null, jobTitle: null, payRate: 52000, payType: 'SALARY', qbName: null },
      ]);
    });
  }
});
