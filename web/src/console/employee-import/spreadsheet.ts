// A spreadsheet saved as CSV, read and written in the browser. Pure.
//
// Reading takes what the bookkeeper's programs write:
// - RFC 4180 quoting (a quoted field may hold the delimiter, a doubled quote and line breaks);
// - a comma, a semicolon (Excel in a Spanish or European locale) or a tab between fields, told
//   apart by the header line;
// - UTF-8 with or without a byte-order mark, and Windows-1252, which Excel's plain "CSV" uses,
//   so that "José" is not garbled.
// Writing follows the service's own CSV (src/domain/csv.ts, which the browser cannot import):
// a byte-order mark, CRLF line ends, and a text cell that a spreadsheet would run as a formula
// gets a leading `'`. Reading takes that `'` off again (`cellText`), so a file this page wrote
// reads back as it was typed.

export type Table = string[][];

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter the header line uses most outside quotes; a comma when it uses none. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}

/** Rows of fields. A line with nothing in it is kept as `['']`, so row numbers stay the file's. */
export function parseCsv(input: string, delimiter = detectDelimiter(input.replace(/^\uFEFF/, ''))): Table {
  const text = input.replace(/^\uFEFF/, '');
  const rows: Table = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  // The last line, unless the file ended with its line break.
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The file's text: UTF-8 when its bytes are valid UTF-8, else Windows-1252. */
export function decodeSpreadsheet(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV file for a spreadsheet: byte-order mark, quoted where needed, formulas neutralised. */
export function writeCsv(rows: Table): string {
  const cell = (value: string) => {
    const text = FORMULA_START.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return '\uFEFF' + rows.map((row) => row.map(cell).join(',') + '\r\n').join('');
}

/** A cell as typed: trimmed, without the `'` that guards a formula-like start (`'+1 212…`). */
export function cellText(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}
