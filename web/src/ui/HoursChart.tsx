// Hours per day, regular and overtime stacked. Overtime is hatched as well as coloured, and the
// figure has a text equivalent, so colour is never the only signal.
import { formatHours } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';

export interface DayHours {
  label: string;
  /** The axis text under the bar; the label's first three letters when absent (a week's weekdays). */
  tick?: string;
  regular: number;
  overtime: number;
}

const HEIGHT = 120;
const BAR = 28;
const GAP = 14;

export function HoursChart({ days }: { days: DayHours[] }) {
  const { t, lang } = useI18n();
  const max = Math.max(8, ...days.map((d) => d.regular + d.overtime));
  const scale = (hours: number) => (hours / max) * HEIGHT;
  const width = days.length * (BAR + GAP) + GAP;
  const summary = days
    .map((d) => t('hours.chartSummary', { day: d.label, regular: formatHours(d.regular, lang), overtime: formatHours(d.overtime, lang) }))
    .join('; ');
  return (
    <figure className="chart">
      <figcaption>{t('hours.chart')}</figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT + 24}`} role="img" aria-label={summary}>
        <defs>
          <pattern id="overtime-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#b45309" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#fff" strokeWidth="2" />
          </pattern>
        </defs>
        {days.map((d, i) => {
          const x = GAP + i * (BAR + GAP);
          const reg = scale(d.regular);
          const ot = scale(d.overtime);
          return (
            <g key={i}>
              <rect x={x} y={HEIGHT - reg} width={BAR} height={reg} fill="#1d4ed8" />
              <rect x={x} y={HEIGHT - reg - ot} width={BAR} height={ot} fill="url(#overtime-hatch)" />
              <text x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle" fontSize="11" fill="#1f2937">
                {d.tick ?? d.label.slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="legend" aria-hidden="true">
        <li>
          <span className="swatch swatch-regular" /> {t('hours.regular')}
        </li>
        <li>
          <span className="swatch swatch-overtime" /> {t('hours.overtime')}
        </li>
      </ul>
    </figure>
  );
}
