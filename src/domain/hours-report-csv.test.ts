import { describe, expect, it } from 'vitest';
import { buildHoursReportCsv } from './hours-report-csv.ts';

const row = (key: string | null, label: string) => ({
  key,
  label,
  entries: 3,
  totalHours: 41.5,
  regularHours: 40,
  overtimeHours: 1.5,
  pay: { regular: 1020, overtime: 57.38, total: 1077.38 },
  flags: ['LONG_SHIFT', 'EDITED'],
});

describe('buildHoursReportCsv', () => {
  it('writes a BOM, the header and one CRLF line per row with 2-decimal amounts', () => {
    const csv = buildHoursReportCsv([row('JOB-1', 'JOB-1'), row(null, '(no job code)')]);
    expect(csv).toBe(
      '\uFEFFKey,Label,Entries,Total Hours,Regular Hours,Overtime Hours,Regular Pay,Overtime Pay,Total Pay,Flags\r\n' +
        'JOB-1,JOB-1,3,41.50,40.00,1.50,1020.00,57.38,1077.38,LONG_SHIFT EDITED\r\n' +
        ',(no job code),3,41.50,40.00,1.50,1020.00,57.38,1077.38,LONG_SHIFT EDITED\r\n',
    );
  });

  it.each(['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])('neutralises a text cell starting %j', (text) => {
    const line = buildHoursReportCsv([row(text, `${text}, Eve`)]).split('\r\n')[1]!;
    const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    expect(line.startsWith(`${quoted(`'${text}`)},${quoted(`'${text}, Eve`)},`)).toBe(true);
  });
});
