// The report's chart: one horizontal bar per row, regular and overtime stacked. Horizontal, unlike
// the employee app's HoursChart (ui/HoursChart.tsx, a week of days), because report labels are
// names and a year of days would not fit across. Overtime is hatched as well as coloured, and each
// bar has a sentence for screen readers, so colour is never the only signal.
import { useId } from 'react';
import { formatHours } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/translate.ts';

export interface BarRow {
  label: string;
  regular: number;
  overtime: number;
}

export interface HoursBarsText {
  caption: string;
  regular: string;
  overtime: string;
  /** The sentence a screen reader hears for one bar. */
  describe(row: BarRow, regular: string, overtime: string): string;
}

export function HoursBars({ rows, text, lang }: { rows: BarRow[]; text: HoursBarsText; lang: Lang }) {
  const captionId = useId();
  const max = Math.max(1, ...rows.map((row) => row.regular + row.overtime));
  const percent = (hours: number) => `${(hours / max) * 100}%`;
  return (
    <figure className="hours-bars" aria-labelledby={captionId}>
      <figcaption id={captionId}>{text.caption}</figcaption>
      <ul className="legend" aria-hidden="true">
        <li>
          <span className="swatch swatch-regular" /> {text.regular}
        </li>
        <li>
          <span className="swatch swatch-overtime" /> {text.overtime}
        </li>
      </ul>
      {/* A long report scrolls inside its box; the box takes focus so the keyboard can scroll it. */}
      <div className="hours-bars-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <ul className="hours-bars-list">
          {rows.map((row, index) => {
            const regular = formatHours(row.regular, lang);
            const overtime = formatHours(row.overtime, lang);
            return (
              <li key={index} className="hours-bars-row">
                <span className="hours-bars-label" aria-hidden="true">
                  {row.label}
                </span>
                <span className="hours-bars-track" aria-hidden="true">
                  <span className="hours-bars-regular" style={{ width: percent(row.regular) }} />
                  <span className="hours-bars-overtime" style={{ width: percent(row.overtime) }} />
                </span>
                <span className="hours-bars-value" aria-hidden="true">
                  {formatHours(row.regular + row.overtime, lang)}
                </span>
                <span className="visually-hidden">{text.describe(row, regular, overtime)}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </figure>
  );
}
