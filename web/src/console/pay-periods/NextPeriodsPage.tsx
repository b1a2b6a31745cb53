// Start the next pay periods (`/admin/pay-periods/next`): every active company of the
// organization with its latest period and the one that follows it, the ones due within a week
// ticked, and one button that creates the ticked ones in turn (ui/useRunInOrder.ts), each row then
// saying whether its period was created and, if not, why. A bookkeeper's weekly round of "new pay
// period" forms, in one page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, newIdempotencyKey, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { Link } from '../router.tsx';
import { useTimeZone } from '../session.tsx';
import { uiMessages } from '../ui/messages.ts';
import { LoadError, Loading } from '../ui/PageState.tsx';
import { problemText } from '../ui/problems.ts';
import { badgeClass } from '../ui/tones.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { RunButton, RunStatus } from '../ui/RunStatus.tsx';
import { useRunInOrder, type Refused } from '../ui/useRunInOrder.ts';
import { PeriodStatusBadge } from './badges.tsx';
import { formatCount, formatPeriodDates } from './format.ts';
import { nextPeriodsMessages, periodMessages } from './messages.ts';
import { allButLatestPeriods, forgetLatestPeriods, useNextPeriods, type CompanyNext } from './useNextPeriods.ts';

type Created = { state: 'created'; periodId: string };
type ToCreate = CompanyNext & { next: NonNullable<CompanyNext['next']> };

/** "Dec 1 – 15, 2026" for two calendar dates (noon UTC names the same day everywhere). */
const calendarRange = (start: string, end: string, lang: 'en' | 'es') => formatPeriodDates(`${start}T12:00:00Z`, `${end}T12:00:00Z`, 'UTC', lang);

export default function NextPeriodsPage(_props: PageProps) {
  const { t, lang } = useCatalogue(nextPeriodsMessages);
  const { t: tPeriod } = useCatalogue(periodMessages);
  usePageTitle(t('title'));
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const { rows, isPending, error, retry } = useNextPeriods();
  // Null until the person ticks or unticks one: until then the due ones are ticked.
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const keys = useRef(new Map<string, string>());

  const runner = useRunInOrder<ToCreate, Created, string>({
    keyOf: ({ company }) => company.id,
    send: async ({ company, next }) => {
      // One key per company and start: sending it again after a lost answer creates nothing twice (docs/api.md §12).
      const id = `${company.id} ${next.startDate}`;
      if (!keys.current.has(id)) keys.current.set(id, newIdempotencyKey());
      const body = { companyId: company.id, periodType: next.periodType, startDate: next.startDate };
      const period = await unwrap(api.POST('/api/v1/admin/pay-periods', { body, headers: { 'Idempotency-Key': keys.current.get(id)! } }));
      return { state: 'created', periodId: period.id };
    },
    afterRun: () => queryClient.invalidateQueries(allButLatestPeriods),
  });
  useEffect(() => () => void queryClient.invalidateQueries(forgetLatestPeriods), [queryClient]);
  const { outcomes } = runner;
  const running = runner.progress !== null;

  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={retry} />;

  const ticked = picked ?? new Set(rows.filter((row) => row.next?.due).map((row) => row.company.id));
  const toCreate = rows.filter((row): row is ToCreate => row.next !== null && ticked.has(row.company.id) && !outcomes.has(row.company.id));
  const toggle = (companyId: string) => {
    const next = new Set(ticked);
    if (!next.delete(companyId)) next.add(companyId);
    setPicked(next);
  };
  const counted = (state: string) => formatCount([...outcomes.values()].filter((outcome) => outcome.state === state).length, lang);

  return (
    <>
      <p className="breadcrumb">
        <Link to="/admin/pay-periods">{t('back')}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="hint">{t('lead')}</p>
        </div>
      </div>
      {rows.length === 0 ? (
        <div className="state state-empty">
          <p>{t('empty')}</p>
        </div>
      ) : (
        <>
          <div className="import-actions">
            <RunButton
              run={runner}
              stopLabel={t('stop')}
              label={toCreate.length === 0 ? null : toCreate.length === 1 ? t('create.one') : t('create.other', { count: formatCount(toCreate.length, lang) })}
              onStart={() => void runner.run(toCreate)}
            />
          </div>
          <RunStatus
            run={runner}
            words={{
              progressLabel: t('creating.label'),
              running: (done, total) => t('creating', { done: formatCount(done, lang), total: formatCount(total, lang) }),
              stopped: t('halted.stopped'),
              failed: (reason) => t('halted.error', { reason }),
              result: t('result', { created: counted('created'), refused: counted('refused') }),
            }}
          />
          <div className="table-wrap">
            <table className="data-table next-periods-table">
              <caption>{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.pick')}</th>
                  <th scope="col">{t('col.company')}</th>
                  <th scope="col">{t('col.latest')}</th>
                  <th scope="col">{t('col.next')}</th>
                  <th scope="col">{t('col.result')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const outcome = outcomes.get(row.company.id);
                  return (
                    <tr key={row.company.id}>
                      <td>
                        {row.next && (
                          <input
                            type="checkbox"
                            className="next-pick"
                            aria-label={t('pick', { company: row.company.name })}
                            checked={ticked.has(row.company.id)}
                            disabled={running || outcome !== undefined}
                            onChange={() => toggle(row.company.id)}
                          />
                        )}
                      </td>
                      <th scope="row" className="row-name">
                        {row.company.name}
                      </th>
                      <td>
                        {row.latest ? (
                          <>
                            {formatPeriodDates(row.latest.startDate, row.latest.endDate, timeZone, lang)} <PeriodStatusBadge status={row.latest.status} />
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className={row.next ? undefined : 'cell-wrap'}>
                        {row.next ? (
                          <>
                            {calendarRange(row.next.startDate, row.next.endDate, lang)}
                            <span className="hint row-sub">{tPeriod(`type.${row.next.periodType}`)}</span>
                          </>
                        ) : (
                          t('none')
                        )}
                      </td>
                      <td className="import-result">{outcome && <Result outcome={outcome} />}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

function Result({ outcome }: { outcome: Created | Refused }) {
  const { t } = useCatalogue(nextPeriodsMessages);
  const { t: tPeriod } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  if (outcome.state === 'created') {
    return (
      <Link to={`/admin/pay-periods/${outcome.periodId}`} className={badgeClass('ok')}>
        {t('created')}
      </Link>
    );
  }
  const overlap = outcome.error instanceof ApiError && outcome.error.label === 'Overlapping pay period';
  return (
    <>
      <span className={badgeClass('bad')}>{t('refused')}</span>
      <span className="row-sub">{overlap ? tPeriod('create.overlapShort') : problemText(outcome.error, tUi)}</span>
    </>
  );
}
