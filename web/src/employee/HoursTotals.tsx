// Regular and overtime hours, and the total where a screen shows it, as one list of figures:
// My hours' totals and the home screen's week so far.
import { formatHours } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';

export function HoursTotals({ regular, overtime, total, label }: { regular: number; overtime: number; total?: number; label?: string }) {
  const { t, lang } = useI18n();
  const figures: Array<[string, number]> = [
    [t('hours.regular'), regular],
    [t('hours.overtime'), overtime],
    ...(total === undefined ? [] : [[t('hours.total'), total] as [string, number]]),
  ];
  return (
    <dl className="totals" aria-label={label}>
      {figures.map(([name, hours]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{t('hours.value', { hours: formatHours(hours, lang) })}</dd>
        </div>
      ))}
    </dl>
  );
}
