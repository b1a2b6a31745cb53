import { describe, expect, it } from 'vitest';
import { parsePayRate } from './format.ts';

describe('parsePayRate', () => {
  it('reads amounts as people write them in English and Spanish', () => {
    const read = (text: string) => parsePayRate(text);
    expect(read('')).toBe(0);
    expect(read(' $22.50 ')).toBe(22.5);
    expect(read('22,50')).toBe(22.5);
    expect(read('1,5')).toBe(1.5);
    expect(read('52,000')).toBe(52000);
    expect(read('1,250,000')).toBe(1250000);
    expect(read('1,250.75')).toBe(1250.75);
    expect(read('1.250,75')).toBe(1250.75);
    expect(read('$ 1 250.75')).toBe(1250.75);
    expect(read('twenty')).toBeNaN();
    expect(read('22.5.1')).toBeNaN();
  });
});
