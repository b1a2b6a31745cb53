import { describe, expect, it } from 'vitest';
import { slugCandidate, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Acme Bookkeeping', 'acme-bookkeeping'],
    ['  Café Müller & Söhne  ', 'cafe-muller-sohne'],
    ['O’Brien -- Partners!!', 'o-brien-partners'],
    ['ÅÉÎÕÜ 2026', 'aeiou-2026'],
    ['***', ''],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('numbers further candidates from 2', () => {
    expect([1, 2, 3].map((n) => slugCandidate('acme', n))).toEqual(['acme', 'acme-2', 'acme-3']);
  });
});
