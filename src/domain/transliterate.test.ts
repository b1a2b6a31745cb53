import { describe, expect, it } from 'vitest';
import { toAscii } from './transliterate.ts';

describe('toAscii', () => {
  it.each([
    ['José Müller-Łukasiewicz', 'Jose Muller-Lukasiewicz'],
    ['Zoë Ørsted', 'Zoe Orsted'],
    ['Straße', 'Strasse'],
    ['Æsir æther Œuvre', 'AEsir aether OEuvre'],
    ['Đorđe Þór ıi', 'Dorde Thor ii'],
    ['Ñuñez Çelik Šťastný', 'Nunez Celik Stastny'],
    ['ﬁle № ½', 'file No 1/2'], // compatibility forms (NFKD)
    ['O’Brien “quoted” – dash', `O'Brien "quoted" - dash`],
    ['a\u00a0b', 'a b'], // no-break space
    ['日本', '??'],
    ['emoji 🙂!', 'emoji ?!'], // one '?' per code point, not per UTF-16 unit
    ['plain ASCII\tstays', 'plain ASCII\tstays'],
  ])('%j -> %j', (input, expected) => {
    expect(toAscii(input)).toBe(expected);
  });

  it('returns only ASCII for any input', () => {
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i)).join('');
    expect([...toAscii(all)].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
  });
});
