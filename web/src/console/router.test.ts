import { describe, expect, it } from 'vitest';
import { href, matchPath } from './router.tsx';

describe('matchPath', () => {
  it.each([
    ['/admin/pay-periods', '/admin/pay-periods', {}],
    ['/admin/pay-periods/:id', '/admin/pay-periods/abc', { id: 'abc' }],
    ['/admin/pay-periods/:id', '/admin/pay-periods/a%20b', { id: 'a b' }],
    ['/admin/pay-periods/:id', '/admin/pay-periods', null],
    ['/admin/pay-periods/:id', '/admin/pay-periods/abc/more', null],
    ['/admin/pay-periods/:id', '/admin/pay-periods/%E0%A4%A', null],
    ['/admin/companies', '/admin/employees', null],
  ])('%s against %s', (pattern, pathname, expected) => {
    expect(matchPath(pattern, pathname)).toEqual(expected);
  });
});

describe('href', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(href('/admin/employees', { search: 'Ana & Co', page: 2, companyId: '', active: null })).toBe('/admin/employees?search=Ana+%26+Co&page=2');
    expect(href('/admin/employees')).toBe('/admin/employees');
  });
});
