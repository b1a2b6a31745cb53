import { describe, expect, it } from 'vitest';
import type { Employee } from '../employees/queries.ts';
import { employeeAfter, indexStaff, planRow, problemsFor } from './employee-match.ts';
import { readEmployeeSheet } from './employee-sheet.ts';

const company = { id: 'c1', name: 'Corner Shop', bookkeeperOrgId: 'o1' };
const staffMember = (values: Partial<Employee>): Employee =>
  ({ id: 'e1', companyId: 'c1', firstName: 'Ana', lastName: 'Lopez', email: null, phone: '+12125550147', employeeNumber: 'E-1', jobTitle: 'Baker', payRate: 18.5, payType: 'HOURLY', active: true, qbName: null, company, ...values }) as Employee;
const staff = indexStaff([staffMember({}), staffMember({ id: 'e2', firstName: 'Bo', lastName: 'Diaz', phone: '+12125550199', employeeNumber: null, jobTitle: null, payRate: 17 })]);
const HEADER = ['Employee number', 'First name', 'Last name', 'Phone', 'Pay rate', 'Job title', 'Email', 'PIN'];
const plan = (...cells: string[]) => {
  const [row] = readEmployeeSheet([HEADER, cells], () => '123456').rows;
  return { row: row!, plan: planRow(row!, staff) };
};

describe('planRow', () => {
  it('finds an employee by number, and changes only the cells with a value', () => {
    expect(plan('E-1', 'Ana', 'Lopez', '(212) 555-0147', '19.25', '', '', '').plan).toMatchObject({
      kind: 'update',
      employeeId: 'e1',
      changes: { payRate: 19.25 },
      fields: [{ column: 'payRate', before: 18.5, after: 19.25 }],
    });
    // A number is the bookkeeper's key: the same number under a new name renames them.
    expect(plan('E-1', 'Ana María', 'Lopez', '212.555.0147', '', '', 'ana@example.com', '').plan).toMatchObject({
      kind: 'update',
      changes: { firstName: 'Ana María', email: 'ana@example.com' },
    });
  });

  it('says a row is up to date when every value it has is the one stored, however it is written', () => {
    expect(plan('E-1', 'Ana', 'Lopez', '+1 (212) 555-0147', '18.50', 'Baker', '', '').plan).toMatchObject({ kind: 'same', employeeId: 'e1' });
    expect(plan('', 'Ana', 'Lopez', '2125550147', '$18.5', '', '', '').plan).toMatchObject({ kind: 'same', employeeId: 'e1' });
    // Found by phone whatever the name's case; the sheet's spelling is then what it changes to.
    expect(plan('', 'ana', 'LOPEZ', '2125550147', '', '', '', '').plan).toMatchObject({ kind: 'update', employeeId: 'e1', changes: { firstName: 'ana', lastName: 'LOPEZ' } });
  });

  it('finds an employee without a number by phone only when the name is theirs too', () => {
    expect(plan('', 'Bo', 'Diaz', '(212) 555-0199', '18', '', '', '').plan).toMatchObject({ kind: 'update', employeeId: 'e2', changes: { payRate: 18 } });
    // Someone else's phone under another name is a new employee, for the service to refuse.
    expect(plan('', 'Cy', 'Ng', '(212) 555-0199', '', '', '', '').plan).toEqual({ kind: 'add' });
    // A number the company does not have is a new employee, whatever the phone.
    expect(plan('E-7', 'Bo', 'Diaz', '(212) 555-0199', '', '', '', '').plan).toEqual({ kind: 'add' });
  });

  it('leaves the PIN of an employee already there alone, so a PIN problem matters only to a new one', () => {
    const update = plan('E-1', 'Ana', 'Lopez', '2125550147', '20', '', '', '482');
    expect(update.row.problems).toEqual([{ kind: 'pin', droppedZeros: true }]);
    expect(problemsFor(update.row, update.plan)).toEqual([]);
    expect(update.plan).toMatchObject({ changes: { payRate: 20 } });
    expect('pin' in (update.plan.kind === 'update' ? update.plan.changes : {})).toBe(false);
    const added = plan('E-8', 'Dee', 'Ray', '2125550100', '', '', '', '482');
    expect(problemsFor(added.row, added.plan)).toEqual([{ kind: 'pin', droppedZeros: true }]);
  });

  it('shows an employee already there as they will be: the row’s values over theirs', () => {
    const { row, plan: rowPlan } = plan('E-1', 'Ana', 'Lopez', '2125550147', '20', '', '', '');
    expect(employeeAfter(row, rowPlan)).toMatchObject({ jobTitle: 'Baker', payRate: 20, phone: '2125550147', email: null });
    const added = plan('E-8', 'Dee', 'Ray', '2125550100', '', '', '', '');
    expect(employeeAfter(added.row, added.plan)).toBe(added.row.employee);
  });
});
