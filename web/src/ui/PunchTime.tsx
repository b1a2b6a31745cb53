// A punch's time of day, in the organization's zone. Given its shift's clock in (`from`), a clock
// out on a later local day names that day under the time ("4:45 AM" over "Wed"), so an overnight
// shift never reads as one that ended before it began. Both apps' entry tables show times this way.
import { formatTime, laterDayOf } from '../i18n/format.ts';
import type { Lang } from '../i18n/translate.ts';

export function PunchTime({ at, from, timeZone, lang }: { at: string; from?: string | undefined; timeZone: string; lang: Lang }) {
  const laterDay = from ? laterDayOf(from, at, timeZone, lang) : null;
  return (
    <>
      {formatTime(at, timeZone, lang)}
      {laterDay && <span className="later-day">{laterDay}</span>}
    </>
  );
}
