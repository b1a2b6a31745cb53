// PIN slips to hand to employees: on paper only (print-only), one each, with their phone number,
// their PIN and where to clock in. They are made from what the page knows at that moment: the
// service never answers a PIN back, so once the page is left they are gone. The import prints the
// slips of the employees it added; a PIN reset prints one (`alone`: on paper, the slip is the page).
import { createPortal } from 'react-dom';
import { useCatalogue } from '../catalogue.ts';
import { formatPhone } from '../people/format.ts';
import { pinSlipMessages } from './messages.ts';

export interface Slip {
  key: string | number;
  firstName: string;
  lastName: string;
  /** As the service keeps it (E.164). */
  phone: string;
  pin: string;
}

export function PinSlips({ company, slips, alone = false }: { company: string; slips: readonly Slip[]; alone?: boolean }) {
  const { t } = useCatalogue(pinSlipMessages);
  const appUrl = `${location.origin}/`;
  const section = (
    <section className={`print-only pin-slips${alone ? ' pin-slips-alone' : ''}`} aria-label={t('label')}>
      {slips.map((slip) => (
        <article key={slip.key} className="pin-slip">
          <p className="pin-slip-title">{t('title')}</p>
          <p className="pin-slip-name">
            {slip.firstName} {slip.lastName}
          </p>
          <p className="pin-slip-company">{company}</p>
          <dl>
            <div>
              <dt>{t('phone')}</dt>
              <dd>{formatPhone(slip.phone)}</dd>
            </div>
            <div>
              <dt>{t('pin')}</dt>
              <dd className="pin-slip-pin">{slip.pin}</dd>
            </div>
          </dl>
          <p>{t('where', { url: appUrl })}</p>
          <p className="pin-slip-private">{t('private')}</p>
        </article>
      ))}
    </section>
  );
  // Alone, the slip sits directly in the body, where the print rules hide everything beside it.
  return alone ? createPortal(section, document.body) : section;
}
