// Creating a pay period: company, type and dates, with the end date the service would pick
// shown before saving (period-end.ts mirrors the service's rule), and the service's refusals in
// words next to the fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../ui/Field.tsx';
import { ApiError, api, newIdempotencyKey, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { useTimeZone } from '../session.tsx';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems, problemText } from '../ui/problems.ts';
import type { CompanyChoice } from '../people/company-choices.ts';
import { formatCalendarDate, formatPeriodDates } from './format.ts';
import { periodKeys } from './keys.ts';
import { periodMessages } from './messages.ts';
import { defaultEndDate, PERIOD_TYPES, type PeriodType } from './period-end.ts';

export function CreatePeriodForm({ companies, onCreated, onCancel }: { companies: CompanyChoice[]; onCreated(message: string): void; onCancel(): void }) {
  const { t, lang } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const id = useId();
  const [companyId, setCompanyId] = useState('');
  const [periodType, setPeriodType] = useState<PeriodType>('BI_WEEKLY');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [payDate, setPayDate] = useState('');
  const [missing, setMissing] = useState<{ companyId?: boolean; startDate?: boolean }>({});
  // One key per attempt: a network retry of the same click is answered once, and a corrected
  // form (different body) gets a fresh key rather than 422 `Idempotency key reused`.
  const idempotencyKey = useRef(newIdempotencyKey());

  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/admin/pay-periods', {
          body: { companyId, periodType, startDate, ...(endDate ? { endDate } : {}), ...(payDate ? { payDate } : {}) },
          headers: { 'Idempotency-Key': idempotencyKey.current },
        }),
      ),
    onSettled: () => {
      idempotencyKey.current = newIdempotencyKey();
    },
    onSuccess: (period) => {
      void queryClient.invalidateQueries({ queryKey: periodKeys.lists() });
      onCreated(t('create.done', { dates: formatPeriodDates(period.startDate, period.endDate, timeZone, lang), company: period.company.name }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nowMissing = { companyId: !companyId, startDate: !startDate };
    setMissing(nowMissing);
    if (nowMissing.companyId || nowMissing.startDate) return;
    create.mutate();
  };

  const problems = fieldProblems(create.error);
  const overlap = create.error instanceof ApiError && create.error.label === 'Overlapping pay period';
  const formProblem = create.error && !overlap && Object.keys(problems).length === 0 ? problemText(create.error, tUi) : null;
  const computedEnd = startDate ? defaultEndDate(periodType, startDate) : null;
  let preview = t('create.previewNeedStart');
  if (startDate && endDate) preview = t('create.preview', { start: formatCalendarDate(startDate, lang), end: formatCalendarDate(endDate, lang) });
  else if (computedEnd) preview = t('create.previewDefault', { end: formatCalendarDate(computedEnd, lang) });

  const companyError = missing.companyId ? t('create.companyRequired') : problems.companyId;
  const startError = missing.startDate ? t('create.startRequired') : problems.startDate;
  const endError = problems.endDate;
  const payError = problems.payDate;

  return (
    <form className="card period-create" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('create.title')}</h2>
      <div className="form-grid">
        <Field label={t('create.company')} required problem={companyError}>
          {(control) => (
            <select
              {...control}
              value={companyId}
              onChange={(event) => {
                setCompanyId(event.target.value);
                const company = companies.find((c) => c.id === event.target.value);
                if (company?.payPeriodType) setPeriodType(company.payPeriodType as PeriodType);
              }}
            >
              <option value="">{t('create.chooseCompany')}</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('create.type')}>
          {(control) => (
            <select {...control} value={periodType} onChange={(event) => setPeriodType(event.target.value as PeriodType)}>
              {PERIOD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('create.start')} required problem={startError ?? (overlap ? t('create.overlapShort') : undefined)}>
          {(control) => <input {...control} type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />}
        </Field>
        <Field label={t('create.end')} hint={t('create.endHint')} problem={endError}>
          {(control) => <input {...control} type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />}
        </Field>
        <Field label={t('create.payDate')} problem={payError}>
          {(control) => <input {...control} type="date" value={payDate} onChange={(event) => setPayDate(event.target.value)} />}
        </Field>
      </div>
      <p className="period-preview" aria-live="polite">
        {preview}
      </p>
      {overlap && (
        <p className="field-error" role="alert">
          {t('create.overlap')}
        </p>
      )}
      {formProblem && (
        <p className="field-error" role="alert">
          {formProblem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? tUi('confirm.working') : t('create.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('create.cancel')}
        </button>
      </div>
    </form>
  );
}
