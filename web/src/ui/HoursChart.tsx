// Hours per day, regular and overtime stacked. Overtime is hatched as well as coloured, and the
// figure has a text equivalent, so colour is never the only signal.
import { formatHours } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';

export interface DayHours {
  /** The whole date, for the text equivalent. */
  label: string;
  /** The axis label's two short lines. */
  axis: { weekday: string; day: string };
  regular: number;
  overtime: number;
}

const HEIGHT = 120;
const BAR = 28;
const GAP = 14;
/** Beyond this many days (a monthly period) only every other day is labelled, so labels never touch at 320 px. */
const LABEL_EVERY_DAY_UP_TO = 16;

const dayTotal = (d: DayHours) => d.regular + d.overtime;

/** Whether any day has hours: a chart of none is an empty box, and the pages say so in words instead. */
export const anyHours = (days: DayHours[]) => days.some((d) => dayTotal(d) > 0);

/**
 * `values`: each day's hours written over its bar, where a column is wide enough for "10.25"
 * (a week on a phone, any period in the console); by default up to a week.
 */
export function HoursChart({ days, values = days.length <= 7 }: { days: DayHours[]; values?: boolean }) {
  const { t, lang } = useI18n();
  const max = Math.max(8, ...days.map(dayTotal));
  const scale = (hours: number) => (hours / max) * HEIGHT;
  const width = days.length * (BAR + GAP) + GAP;
  const summary = days
    .map((d) => t('hours.chartSummary', { day: d.label, regular: formatHours(d.regular, lang), overtime: formatHours(d.overtime, lang) }))
    .join('; ');
  // One grid column per bar, as wide as its share of the SVG's width, so that HTML laid over or
  // under the chart lines up with the bars.
  const columns = `minmax(0, ${GAP / 2}fr) repeat(${days.length}, minmax(0, ${BAR + GAP}fr)) minmax(0, ${GAP / 2}fr)`;
  return (
    <figure className="chart">
      <figcaption>{t('hours.chart')}</figcaption>
      <div className={values ? 'chart-plot with-values' : 'chart-plot'}>
        {/* A fixed height whatever the number of days: a 14-day period stays as tall as a week. */}
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
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
              </g>
            );
          })}
        </svg>
        {values && (
          <ol className="chart-values" aria-hidden="true" style={{ gridTemplateColumns: columns }}>
            {days.map((d, i) => (
              <li key={i} style={{ gridColumn: i + 2 }}>
                {dayTotal(d) > 0 && <span style={{ bottom: `${(dayTotal(d) / max) * 100}%` }}>{formatHours(dayTotal(d), lang)}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
      {/* HTML, not SVG text: the labels keep a readable size however far the chart is scaled
          down. The figure's text equivalent above already names every day. */}
      <ol className={days.length > 7 ? 'chart-days dense' : 'chart-days'} aria-hidden="true" style={{ gridTemplateColumns: columns }}>
        {days.map((d, i) => (
          <li key={i} style={{ gridColumn: i + 2 }}>
            {(days.length <= LABEL_EVERY_DAY_UP_TO || i % 2 === 0) && (
              <>
                <span>{d.axis.weekday}</span>
                <span>{d.axis.day}</span>
              </>
            )}
          </li>
        ))}
      </ol>
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
