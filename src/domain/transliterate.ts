// ASCII for files whose readers know nothing else (QuickBooks Desktop's IIF import reads the
// Windows code page, and names must match its lists letter for letter). Pure.
//
// Order matters: letters that Unicode does not decompose (ß, Æ, Ø, Ł, …) are mapped first,
// then NFKD splits the rest into base letter + combining marks (é -> e + U+0301, ﬁ -> fi,
// a no-break space -> space) and the marks are dropped; whatever is still not ASCII becomes
// '?', one per code point, so a reader sees that something was there.

const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  // Typographic punctuation that word processors put into notes.
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2022': '*',
  '\u2044': '/', // fraction slash, which NFKD makes of ½
  '\u20AC': 'EUR',
};

const MAPPED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');
const COMBINING_MARKS = /\p{M}/gu;

// Mapped before NFKD (ß, Ø do not decompose) and after it (½ decomposes to 1 U+2044 2).
const mapLetters = (text: string) => text.replace(MAPPED, (letter) => LETTERS[letter] ?? letter);

/** `José Müller-Łukasiewicz` -> `Jose Muller-Lukasiewicz`; `日本` -> `??`. Control characters are kept (callers decide). */
export function toAscii(text: string): string {
  const decomposed = mapLetters(mapLetters(text).normalize('NFKD').replace(COMBINING_MARKS, ''));
  let out = '';
  for (const char of decomposed) out += char.charCodeAt(0) < 0x80 && char.length === 1 ? char : '?';
  return out;
}
