// A new PIN for an employee: typed twice, or made up here and shown once. Either way a
// confirmation comes first, since the new PIN signs the employee out everywhere, and a PIN slip
// to hand over can be printed afterwards, while the page still knows the PIN.
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useCatalogue } from '../catalogue.ts';
import { Field } from '../ui/Field.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import { employeePageMessages, pinSlipMessages } from './messages.ts';
import { PinSlips } from './PinSlips.tsx';
import { generatePin } from './pin.ts';
import { fullName, useUpdateEmployee, type Employee } from './queries.ts';

const PIN_RULE = /^\d{4,8}$/;

export function PinReset({ employee }: { employee: Employee }) {
  const { t } = useCatalogue(employeePageMessages);
  const { t: tSlip } = useCatalogue(pinSlipMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const update = useUpdateEmployee(employee.id);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ pin?: string; repeat?: string }>({});
  const [confirming, setConfirming] = useState<'typed' | 'generated' | null>(null);
  // What the last reset did: a typed PIN is only confirmed; a generated one is shown, once. Both
  // are kept for the slip until the page is left.
  const [done, setDone] = useState<{ kind: 'typed' | 'generated'; pin: string } | null>(null);
  // The slip is in the page only while it prints, so printing the page otherwise prints the page.
  const [printing, setPrinting] = useState(false);
  const printSlip = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };
  const name = fullName(employee);

  const askTyped = (event: FormEvent) => {
    event.preventDefault();
    const next = { pin: PIN_RULE.test(pin) ? undefined : t('pin.invalid'), repeat: PIN_RULE.test(pin) && pin !== repeat ? t('pin.mismatch') : undefined };
    setProblems(next);
    if (!next.pin && !next.repeat) setConfirming('typed');
  };
  const reset = () => {
    const newPin = confirming === 'generated' ? generatePin() : pin;
    update.mutate(
      { pin: newPin },
      {
        onSuccess: () => {
          setDone({ kind: confirming === 'generated' ? 'generated' : 'typed', pin: newPin });
          setConfirming(null);
          setPin('');
          setRepeat('');
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="pin-heading">
      <h2 id="pin-heading">{t('pin.heading')}</h2>
      <p className="hint">{t('pin.lead')}</p>
      <form onSubmit={askTyped} noValidate>
        <div className="form-grid">
          <Field label={t('pin.new')} problem={problems.pin} required>
            {(control) => <input {...control} type="password" inputMode="numeric" autoComplete="new-password" maxLength={8} value={pin} onChange={(event) => setPin(event.target.value)} />}
          </Field>
          <Field label={t('pin.repeat')} problem={problems.repeat} required>
            {(control) => <input {...control} type="password" inputMode="numeric" autoComplete="new-password" maxLength={8} value={repeat} onChange={(event) => setRepeat(event.target.value)} />}
          </Field>
        </div>
        <div className="pin-actions">
          <button type="submit" className="primary">
            {t('pin.set')}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming('generated')}>
            {t('pin.generate')}
          </button>
        </div>
      </form>
      {/* The PIN in large digits of its own: the bookkeeper reads it out or copies it, digit by digit. */}
      <div className="notice pin-done" role="status">
        {done?.kind === 'typed' && <p>{t('pin.done', { name })}</p>}
        {done?.kind === 'generated' && (
          <>
            <p>{t('pin.generatedFor', { name })}</p>
            <p className="pin-value">{done.pin}</p>
            <p>{t('pin.generatedOnce')}</p>
          </>
        )}
        {done && (
          <button type="button" className="secondary" onClick={printSlip}>
            {tSlip('print')}
          </button>
        )}
      </div>
      {done && printing && <PinSlips alone company={employee.company.name} slips={[{ key: employee.id, firstName: employee.firstName, lastName: employee.lastName, phone: employee.phone, pin: done.pin }]} />}
      <ConfirmDialog
        open={confirming !== null}
        title={t('pin.confirm.title', { name })}
        confirmLabel={t('pin.confirm.action')}
        busy={update.isPending}
        onConfirm={reset}
        onCancel={() => {
          setConfirming(null);
          update.reset();
        }}
      >
        <p>{t(confirming === 'generated' ? 'pin.confirm.generated' : 'pin.confirm.typed')}</p>
        {update.error && (
          <p className="error" role="alert">
            {problemText(update.error, tUi)}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
