// The PIN slips of the employees just added: on paper only (print-only), one to hand to each
// person, with their phone number, their PIN and where to clock in. They are made from the page's
// memory of the file: the service never answers a PIN back, so once the page is left they are gone.
import { formatPhone } from '../people/format.ts';
import type { NewEmployee } from './employee-sheet.ts';
import type { useImportWords } from './useImportWords.ts';

export interface Slip {
  line: number;
  employee: NewEmployee;
  /** As the service keeps it. */
  phone: string;
}

export function PinSlips({ company, slips, words }: { company: string; slips: readonly Slip[]; words: ReturnType<typeof useImportWords> }) {
  const { t } = words;
  const appUrl = `${location.origin}/`;
  return (
    <section className="print-only pin-slips" aria-label={t('slips.label')}>
      {slips.map(({ line, employee, phone }) => (
        <article key={line} className="pin-slip">
          <p className="pin-slip-title">{t('slip.title')}</p>
          <p className="pin-slip-name">
            {employee.firstName} {employee.lastName}
          </p>
          <p className="pin-slip-company">{company}</p>
          <dl>
            <div>
              <dt>{t('slip.phone')}</dt>
              <dd>{formatPhone(phone)}</dd>
            </div>
            <div>
              <dt>{t('slip.pin')}</dt>
              <dd className="pin-slip-pin">{employee.pin}</dd>
            </div>
          </dl>
          <p>{t('slip.where', { url: appUrl })}</p>
          <p className="pin-slip-private">{t('slip.private')}</p>
        </article>
      ))}
    </section>
  );
}
