// Import employees (`/admin/employees/import?companyId=…`): a company's staff from a spreadsheet
// saved as CSV. The file is read in the browser and every row shown with what it will do (add an
// employee, update one the company has, nothing) or what is wrong with it, before anything is
// sent; the button then saves the rows one by one through the same endpoints as the console's
// forms, and each row says whether it was saved and, if not, why. A new employee's row without a
// PIN gets one made up; the PIN slips of the employees added print from the page. The rows to fix
// download as a file to fix and import again.
import { useRef, useState, type ChangeEvent } from 'react';
import { formatList } from '../../i18n/format.ts';
import { useCatalogue } from '../catalogue.ts';
import { CompanyField } from '../employees/CompanyField.tsx';
import { generatePin } from '../employees/pin.ts';
import { PinSlips, type Slip } from '../employees/PinSlips.tsx';
import type { PageProps } from '../page-props.ts';
import { useCompanyChoices } from '../people/company-choices.ts';
import { formatCount } from '../people/format.ts';
import { href, Link, useQueryParams } from '../router.tsx';
import { Field } from '../ui/Field.tsx';
import { LoadError } from '../ui/PageState.tsx';
import { uiMessages } from '../ui/messages.ts';
import { saveFile } from '../ui/save-file.ts';
import { RunButton, RunStatus } from '../ui/RunStatus.tsx';
import { useLeaveWarning } from '../ui/useLeaveWarning.ts';
import { Tile } from '../ui/Tile.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { readEmployeeSheet, SHEET_COLUMNS, type EmployeeSheet } from './employee-sheet.ts';
import { SheetTable } from './SheetTable.tsx';
import { decodeSpreadsheet, parseCsv, writeCsv } from './spreadsheet.ts';
import { useEmployeeImport } from './useEmployeeImport.ts';
import { useImportPlan } from './useImportPlan.ts';
import { useImportWords } from './useImportWords.ts';

/** A bigger file is not one company's staff; these keep the page quick and the run short. */
const MAX_FILE_BYTES = 1_000_000;
const MAX_ROWS = 1_000;

type Reading = { state: 'none' } | { state: 'failed'; text: string } | { state: 'read'; name: string; sheet: EmployeeSheet };

export default function ImportEmployeesPage(_props: PageProps) {
  const words = useImportWords();
  const { t, tEmployees, columnName } = words;
  const { lang } = useCatalogue(uiMessages);
  usePageTitle(t('title'));
  const [query, setQuery] = useQueryParams();
  const companyId = query.get('companyId') ?? '';
  const companies = useCompanyChoices();
  const [reading, setReading] = useState<Reading>({ state: 'none' });
  const [companyProblem, setCompanyProblem] = useState<string | undefined>();
  const [fileInputKey, setFileInputKey] = useState(0);
  const [fileName, setFileName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const importRun = useEmployeeImport();
  const listOf = (names: readonly string[]) => formatList(names, lang);
  const { outcomes, progress } = importRun;
  const running = progress !== null;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    importRun.reset();
    setFileName(file?.name ?? '');
    if (!file) return setReading({ state: 'none' });
    if (file.size > MAX_FILE_BYTES) return setReading({ state: 'failed', text: t('error.tooBig') });
    let sheet: EmployeeSheet;
    try {
      sheet = readEmployeeSheet(parseCsv(decodeSpreadsheet(await file.arrayBuffer())), generatePin);
    } catch {
      return setReading({ state: 'failed', text: t('error.read') });
    }
    if (sheet.missing.length > 0) return setReading({ state: 'failed', text: t('error.missing', { columns: listOf(sheet.missing.map(columnName)) }) });
    if (sheet.rows.length === 0) return setReading({ state: 'failed', text: t('error.empty') });
    if (sheet.rows.length > MAX_ROWS) return setReading({ state: 'failed', text: t('error.tooMany', { count: formatCount(sheet.rows.length, lang), limit: formatCount(MAX_ROWS, lang) }) });
    setReading({ state: 'read', name: file.name, sheet });
  };

  const chooseAnother = () => {
    importRun.reset();
    setReading({ state: 'none' });
    setFileName('');
    setFileInputKey((key) => key + 1);
    // The new input is in the page after this render; focus it there.
    setTimeout(() => fileInput.current?.focus());
  };

  const downloadTemplate = () => {
    const header = SHEET_COLUMNS.map(columnName);
    saveFile(new Blob([writeCsv([header])], { type: 'text/csv;charset=utf-8' }), t('template.file'));
  };

  const sheet = reading.state === 'read' ? reading.sheet : null;
  const { plans, checking, failed: checkFailed, retry: retryCheck, toSave, counts } = useImportPlan(sheet, companyId, outcomes);
  const toFix = sheet ? words.rowsToFix(sheet, plans, outcomes) : [];
  const slips: Slip[] = (sheet?.rows ?? []).flatMap((row) => {
    const outcome = outcomes.get(row.line);
    return outcome?.state === 'added' ? [{ key: row.line, firstName: row.employee.firstName, lastName: row.employee.lastName, phone: outcome.phone, pin: row.employee.pin }] : [];
  });
  const companyName = companies.data?.find((company) => company.id === companyId)?.name ?? '';
  // Made-up PINs live only in this page until their slips are printed.
  const [slipsPrinted, setSlipsPrinted] = useState(0);
  const madeUpUnprinted = slips.length > slipsPrinted && (sheet?.rows ?? []).some((row) => row.pinMade && outcomes.get(row.line)?.state === 'added');
  useLeaveWarning(running ? t('leave.running') : madeUpUnprinted ? t('leave.pins') : null);
  const printSlips = () => {
    window.print();
    setSlipsPrinted(slips.length);
  };

  const save = () => {
    if (!companyId) return setCompanyProblem(tEmployees('error.company'));
    setCompanyProblem(undefined);
    void importRun.run(companyId, toSave);
  };
  const saveLabel = () => {
    const count = (n: number) => formatCount(n, lang);
    if (counts.update === 0) return counts.add === 1 ? t('add.one') : t('add.other', { count: count(counts.add) });
    if (counts.add === 0) return counts.update === 1 ? t('update.one') : t('update.other', { count: count(counts.update) });
    return t('apply.both', { add: count(counts.add), update: count(counts.update) });
  };


  return (
    <>
      {/* On paper the page is its PIN slips only. */}
      <div className="no-print">
        <p className="breadcrumb">
          <Link to={href('/admin/employees', { companyId })}>{t('back')}</Link>
        </p>
        <div className="page-header">
          <div>
            <h1>{t('title')}</h1>
            <p className="hint">{t('lead')}</p>
          </div>
        </div>

        <div className="card import-source">
          <div className="form-grid">
            {/* The employees already added belong to the company they were added to: it stays until another file is chosen. */}
            <CompanyField value={companyId} onChange={(id) => setQuery({ companyId: id || null }, { replace: true })} problem={companyProblem} disabled={running || outcomes.size > 0} />
            <Field label={t('field.file')} required hint={t('field.file.hint')}>
              {(control) => (
                // The browser's own file button speaks the browser's language, not the page's: the
                // input stays for the keyboard and screen readers, and a second label in the page's
                // words is what shows and what a click opens.
                <div className="file-picker">
                  <input {...control} key={fileInputKey} ref={fileInput} className="visually-hidden" type="file" accept=".csv,text/csv" disabled={running} onChange={(event) => void readFile(event)} />
                  <label htmlFor={control.id} className="button-link">
                    {t('file.choose')}
                  </label>
                  <span className="file-name">{fileName || t('file.none')}</span>
                </div>
              )}
            </Field>
          </div>
          <p className="hint">{t('columns')}</p>
          <p className="hint">{t('update.tip')}</p>
          <p className="hint">{t('pin.tip')}</p>
          <button type="button" className="secondary" onClick={downloadTemplate}>
            {t('template')}
          </button>
        </div>

        {reading.state === 'failed' && (
          <div className="state state-error" role="alert">
            <p>{reading.text}</p>
          </div>
        )}

        {sheet && (
          <section aria-label={reading.state === 'read' ? reading.name : undefined}>
            <dl className="summary-tiles import-tiles">
              <Tile label={t('tile.rows')} value={formatCount(counts.rows, lang)} />
              {/* Until the company's employees are read, no row is counted yet: "…", not a 0 that changes. */}
              <Tile label={t('tile.add')} value={checking ? '…' : formatCount(counts.add, lang)} />
              <Tile label={t('tile.update')} value={checking ? '…' : formatCount(counts.update, lang)} />
              <Tile label={t('tile.same')} value={checking ? '…' : formatCount(counts.same, lang)} />
              <Tile label={t('tile.fix')} value={checking ? '…' : formatCount(counts.fix, lang)} />
            </dl>
            {sheet.ignored.length > 0 && <p className="hint">{t('ignored', { columns: listOf(sheet.ignored) })}</p>}

            <div className="import-actions">
              <RunButton run={importRun} stopLabel={t('stop')} label={toSave.length > 0 ? saveLabel() : null} onStart={save} />
              {!running && slips.length > 0 && (
                <button type="button" className={toSave.length > 0 ? 'secondary' : 'primary'} onClick={printSlips}>
                  {t('slips.print')}
                </button>
              )}
              {!running && toFix.length > 0 && (
                <button type="button" className="secondary" onClick={() => saveFile(new Blob([writeCsv(toFix)], { type: 'text/csv;charset=utf-8' }), t('left.file'))}>
                  {t('left.download')}
                </button>
              )}
              {!running && (
                <button type="button" className="secondary" onClick={chooseAnother}>
                  {t('again')}
                </button>
              )}
            </div>
            <RunStatus
              run={importRun}
              words={{
                progressLabel: t('adding.label'),
                running: (done, total) => t('adding', { done: formatCount(done, lang), total: formatCount(total, lang) }),
                stopped: t('halted.stopped'),
                failed: (reason) => t('halted.error', { reason }),
                result: t('result', { added: formatCount(counts.added, lang), updated: formatCount(counts.updated, lang), refused: formatCount(counts.refused, lang) }),
                ...(checking && { idle: t('checking', { company: companyName }) }),
              }}
            />
            {checkFailed !== null && <LoadError error={checkFailed} onRetry={retryCheck} />}
            {!running && counts.added + counts.updated > 0 && companyName && (
              <p>
                <Link to={href('/admin/employees', { companyId })}>{t('result.list', { company: companyName })}</Link>
              </p>
            )}
            {!running && slips.length > 0 && <p className="hint">{t('slips.hint')}</p>}
            {!running && toFix.length > 0 && <p className="hint">{t('left.hint')}</p>}

            <SheetTable sheet={sheet} plans={plans} outcomes={outcomes} words={words} />
          </section>
        )}
      </div>
      <PinSlips company={companyName} slips={slips} />
    </>
  );
}
