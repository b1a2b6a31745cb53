// The foot of a printed timesheet: lines for the employee and the approver to sign and date, as a
// paper record of the hours is signed. Only on paper (console.css, "Printing"); on screen the page
// is the record.
import { useCatalogue } from '../catalogue.ts';
import { entriesMessages } from './messages.ts';
import type { EntryFormat } from './useEntryFormat.ts';

export function SignatureLines({ format }: { format: EntryFormat }) {
  const { t } = useCatalogue(entriesMessages);
  return (
    <section className="print-only signature-lines" aria-label={t('print.signatures')}>
      {/* When the paper was made: a correction after it is not on it. A semicolon, not a full
          stop, follows the time, which may end in one ("12:34 p.m."). */}
      <p className="hint">{t('print.printed', { when: new Intl.DateTimeFormat(format.locale, { timeZone: format.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date()) })}</p>
      <p>{t('print.confirm')}</p>
      <div className="signature-grid">
        {(['print.employee', 'print.approver'] as const).map((who) => (
          <div key={who} className="signature-row">
            <span className="signature-line">{t(who)}</span>
            <span className="signature-line signature-date">{t('print.date')}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
