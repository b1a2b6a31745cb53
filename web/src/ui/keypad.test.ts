import { describe, expect, it } from 'vitest';
import { applyKey, KEYPAD_LAYOUT, keyFromKeyboard } from './keypad.ts';

describe('keypad', () => {
  it('appends digits up to the field length, deletes the last one, clears', () => {
    expect(applyKey('12', '3', 8)).toBe('123');
    expect(applyKey('1234', '5', 4)).toBe('1234');
    expect(applyKey('123', 'delete', 8)).toBe('12');
    expect(applyKey('', 'delete', 8)).toBe('');
    expect(applyKey('123', 'clear', 8)).toBe('');
  });

  it('has every digit once, plus Delete and Clear', () => {
    expect([...KEYPAD_LAYOUT].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', 'delete']);
  });

  it.each([
    ['7', '7'],
    ['0', '0'],
    ['Backspace', 'delete'],
    ['Escape', 'clear'],
    ['a', null],
    ['Enter', null],
  ] as const)('keyboard %s -> %s', (key, expected) => {
    expect(keyFromKeyboard(key)).toBe(expected);
  });
});
