import { describe, expect, it } from 'vitest';
import { cellText, decodeSpreadsheet, detectDelimiter, parseCsv, writeCsv } from './spreadsheet.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF line ends', () => {
    const text = 'First name,Notes\r\n"Lopez, Maria","She said ""hi""\r\nthen left"\r\nSam,\r\n';
    expect(parseCsv(text)).toEqual([['First name', 'Notes'], ['Lopez, Maria', 'She said "hi"\r\nthen left'], ['Sam', '']]);
  });

  it('keeps the last line without a line break, and an empty line as one empty field', () => {
    expect(parseCsv('a,b\n\nc,d')).toEqual([['a', 'b'], [''], ['c', 'd']]);
  });

  it('drops the byte-order mark so the first header reads as written', () => {
    expect(parseCsv('\uFEFFFirst name,PIN\nAna,0482')[0]).toEqual(['First name', 'PIN']);
  });

  it('takes the delimiter of the header line: semicolons from a Spanish Excel, tabs, commas', () => {
    expect(detectDelimiter('Nombre;Apellidos;Teléfono;PIN\n"a,b";c')).toBe(';');
    expect(detectDelimiter('First\tLast\tPhone\n')).toBe('\t');
    expect(detectDelimiter('"Last; First",Phone\n')).toBe(',');
    expect(detectDelimiter('Name')).toBe(',');
    expect(parseCsv('Nombre;Tarifa\nJosé;22,50\n')).toEqual([['Nombre', 'Tarifa'], ['José', '22,50']]);
  });
});

describe('decodeSpreadsheet', () => {
  it('reads UTF-8, and falls back to Windows-1252 for Excel’s plain CSV', () => {
    expect(decodeSpreadsheet(new TextEncoder().encode('José,Muñoz').buffer as ArrayBuffer)).toBe('José,Muñoz');
    const windows1252 = Uint8Array.from([0x4a, 0x6f, 0x73, 0xe9, 0x2c, 0x4d, 0x75, 0xf1, 0x6f, 0x7a]);
    expect(decodeSpreadsheet(windows1252.buffer)).toBe('José,Muñoz');
  });
});

describe('writeCsv and cellText', () => {
  it('writes a BOM, CRLF, quotes where needed and guards formulas, and reads its own cells back', () => {
    const rows = [['Name', 'Phone', 'Problem'], ['Lopez, Ana', '+1 212 555 0147', 'Say "hi"'], ['=HYPERLINK("x")', '-5', '@sum']];
    const text = writeCsv(rows);
    expect(text).toBe('\uFEFFName,Phone,Problem\r\n"Lopez, Ana",\'+1 212 555 0147,"Say ""hi"""\r\n"\'=HYPERLINK(""x"")",\'-5,\'@sum\r\n');
    expect(parseCsv(text).map((row) => row.map(cellText))).toEqual(rows);
  });

  it('trims a cell but keeps an apostrophe that guards nothing', () => {
    expect(cellText('  Ana ')).toBe('Ana');
    expect(cellText("O'Brien")).toBe("O'Brien");
    expect(cellText("'0482")).toBe("'0482");
    expect(cellText(undefined)).toBe('');
  });
});
