// Export for payroll: one button downloads the QuickBooks IIF and the CSV (fetched with the
// cookie session, so a refusal is read as words instead of being saved as a file), shows who
// exported last and when, warns before a second export, and explains `Pay period not ready`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { useAdmin, useTimeZone } from '../session.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import { formatDateTime } from './format.ts';
import { periodKeys } from './keys.ts';
import { periodMessages } from './messages.ts';
import { fullName, type PeriodDetail, type Timesheet } from './review-data.ts';

const FORMATS = ['iif', 'csv'] as const;

interface SavedFile {
  filename: string;
  url: string;
}

/** The attachment's name from `Content-Disposition` (the service sends plain ASCII names). */
function attachmentName(header: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(header ?? '')?.[1] ?? fallback;
}

function download(file: SavedFile): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
}

export function ExportPanel({ period, timesheets }: { period: PeriodDetail; timesheets: Timesheet[] }) {
  const { t, lang } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [files, setFiles] = useState<SavedFile[]>([]);

  // The object URLs live as long as their links on the page.
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file.url)), [files]);

  const run = useMutation({
    mutationFn: async (force: boolean) => {
      const saved: SavedFile[] = [];
      for (const format of FORMATS) {
        const result = await api.GET('/api/v1/admin/pay-periods/{id}/export', {
          params: { path: { id: period.id }, query: { format, ...(force ? { force: true } : {}) } },
          parseAs: 'blob',
        });
        const blob = await unwrap(Promise.resolve(result));
        saved.push({ filename: attachmentName(result.response.headers.get('content-disposition'), `payclock.${format}`), url: URL.createObjectURL(blob) });
      }
      return saved;
    },
    onSuccess: (saved) => {
      setFiles(saved);
      saved.forEach(download);
    },
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: periodKeys.detail(period.id) });
      void queryClient.invalidateQueries({ queryKey: periodKeys.lists() });
    },
  });

  const notReady = run.error instanceof ApiError && run.error.label === 'Pay period not ready';
  const openCount = notReady ? openEntriesOf(run.error) : 0;
  const openNames = timesheets.filter((sheet) => sheet.totals.openEntries > 0).map((sheet) => fullName(sheet.employee));
  const admin = useAdmin();
  // The service stamps the exporter's email (any API client may set another name); the person
  // reading it is told "you" rather than their own address.
  const last = period.exportedAt ? { who: period.exportedBy ?? '—', when: formatDateTime(period.exportedAt, timeZone, lang) } : null;
  const byYou = period.exportedBy?.toLowerCase() === admin.email.toLowerCase();

  const start = () => (last ? setConfirming(true) : run.mutate(false));

  return (
    <section className="card export-panel" aria-labelledby="export-title">
      <h2 id="export-title">{t('export.title')}</h2>
      <p>{t('export.explain')}</p>
      <p>{last ? t(byYou ? 'export.lastByYou' : 'export.last', last) : t('export.never')}</p>
      {/* Exporting an unlocked period is allowed; the advice is to lock first, from the page's header. */}
      {!period.locked && <p className="hint">{t('export.lockFirst')}</p>}
      <button type="button" className="primary" onClick={start} disabled={run.isPending}>
        {run.isPending ? tUi('confirm.working') : t('export.button')}
      </button>
      <div role="status" className="export-result">
        {run.isSuccess && files.length > 0 && (
          <>
            <p>{t('export.done')}</p>
            <ul className="export-files">
              {files.map((file) => (
                <li key={file.url}>
                  <a href={file.url} download={file.filename}>
                    {file.filename}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {notReady && (
        <div className="state state-error" role="alert">
          <p>{openCount === 1 ? t('export.notReadyOne') : t('export.notReadyMany', { count: openCount })}</p>
          {openNames.length > 0 && <p>{t('export.openWho', { names: openNames.join(', ') })}</p>}
          <button type="button" className="secondary" onClick={() => run.mutate(true)} disabled={run.isPending}>
            {t('export.force')}
          </button>
        </div>
      )}
      {run.isError && !notReady && (
        <p className="field-error" role="alert">
          {t('export.failed', { reason: problemText(run.error, tUi) })}
        </p>
      )}
      {confirming && last && (
        <ExportAgainDialog
          open
          title={t('export.againTitle')}
          confirmLabel={t('export.againConfirm')}
          busy={run.isPending}
          onConfirm={() => run.mutate(false)}
          onCancel={() => setConfirming(false)}
        >
          <p>{t(byYou ? 'export.againBodyByYou' : 'export.againBody', last)}</p>
        </ExportAgainDialog>
      )}
    </section>
  );
}

/** The confirmation before a second export; focus goes back to `Export` when it closes. */
function ExportAgainDialog(props: Parameters<typeof ConfirmDialog>[0]) {
  return <ConfirmDialog {...props} />;
}

/** `Pay period not ready` carries the number of open entries in `data.openEntries` (docs/api.md §2). */
function openEntriesOf(error: unknown): number {
  const data = error instanceof ApiError ? (error.data as { openEntries?: unknown } | null) : null;
  return typeof data?.openEntries === 'number' ? data.openEntries : 0;
}
