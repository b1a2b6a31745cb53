// Exporting a pay period for payroll (docs/api.md §15): the QuickBooks Desktop IIF time import or a
// CSV, built from the period's closed entries. Reading the entries, stamping the period
// (exportedBy, exportedAt, iifFilename) and the audit row happen in one
// transaction, so the stamp and the audit describe exactly the file that was sent.
import type { Db } from '../../db/open.ts';
import { buildCsv } from '../../domain/csv.ts';
import { localDateString } from '../../domain/dates.ts';
import { sumHours } from '../../domain/hours.ts';
import { buildIif } from '../../domain/iif.ts';
import { slugify } from '../../domain/slug.ts';
import { toAscii } from '../../domain/transliterate.ts';
import { Errors } from '../../core/errors.ts';
import { requireAccess, type AdminActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import {
  countOpenEntries,
  listClosedEntries,
  lockPeriodForExport,
  stampExport,
  type ExportEntryRow,
  type ExportPeriodRow,
} from './export.repository.ts';

export const EXPORT_FORMATS = ['iif', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * IIF: `application/x-iif` rather than text/plain. The file only matters to QuickBooks'
 * "Import IIF" dialog, which lists `*.iif` files; browsers keep the attachment's name for an
 * unknown type, whereas a text/plain download may be saved as `….iif.txt` (Safari does).
 * The content is plain ASCII either way.
 */
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  iif: 'application/x-iif',
  csv: 'text/csv; charset=utf-8',
};

export interface ExportOptions {
  format: ExportFormat;
  /** Export although entries are still open; the open ones are left out. */
  force: boolean;
}

export interface ExportedFile {
  filename: string;
  contentType: string;
  body: string;
}

const MAX_SLUG_LENGTH = 60;

/** `payclock-<company>-<start>-<end>.<ext>`: ASCII letters, digits and `-` only, so it is safe in any header or file system. */
export function exportFilename(period: Pick<ExportPeriodRow, 'companyName' | 'startDate' | 'endDate' | 'timezone'>, format: ExportFormat): string {
  const slug = slugify(toAscii(period.companyName)).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '') || 'company';
  const start = localDateString(period.startDate, period.timezone);
  const end = localDateString(period.endDate, period.timezone);
  return `payclock-${slug}-${start}-${end}.${format}`;
}

function totalsOf(entries: readonly ExportEntryRow[]) {
  return {
    totalHours: sumHours(entries.map((e) => e.totalHours)),
    regularHours: sumHours(entries.map((e) => e.regularHours)),
    overtimeHours: sumHours(entries.map((e) => e.overtimeHours)),
  };
}

function iifOf(period: ExportPeriodRow, entries: readonly ExportEntryRow[]) {
  return buildIif({
    companyName: period.qbCompanyName?.trim() || period.companyName,
    companyCreateTime: period.qbCompanyCreateTime,
    regularPayrollItem: period.qbRegularPayrollItem,
    overtimePayrollItem: period.qbOvertimePayrollItem,
    timezone: period.timezone,
    entries: entries.map((e) => ({
      employee: { id: e.employee.id, firstName: e.employee.firstName, lastName: e.employee.lastName, qbName: e.employee.qbName },
      clockIn: e.clockIn,
      regularHours: e.regularHours,
      overtimeHours: e.overtimeHours,
      notes: e.notes,
    })),
  });
}

function csvOf(period: ExportPeriodRow, entries: readonly ExportEntryRow[]): string {
  return buildCsv({
    timezone: period.timezone,
    overtimeMultiplier: period.overtimeMultiplier,
    entries: entries.map((e) => ({
      employeeNumber: e.employee.employeeNumber,
      firstName: e.employee.firstName,
      lastName: e.employee.lastName,
      clockIn: e.clockIn,
      clockOut: e.clockOut,
      breakMinutes: e.breakMinutes,
      totalHours: e.totalHours,
      regularHours: e.regularHours,
      overtimeHours: e.overtimeHours,
      payRate: e.employee.payRate,
      jobCode: e.jobCode,
      taskCode: e.taskCode,
      status: e.status,
      notes: e.notes,
    })),
  });
}

export async function exportPayPeriod(
  db: Db,
  actor: AdminActor,
  id: string,
  options: ExportOptions,
  meta: RequestMeta,
  now: Date,
): Promise<ExportedFile> {
  // Access first: another tenant's period is a 403 whatever its state.
  await requireAccess(db, actor, { payPeriodId: id });
  return db.transaction(async (tx) => {
    const period = await lockPeriodForExport(tx, id);
    if (!period) throw Errors.notFound('Pay period');

    const openEntries = await countOpenEntries(tx, period.id);
    if (openEntries > 0 && !options.force) {
      throw Errors.payPeriodNotReady(
        `${openEntries} time ${openEntries === 1 ? 'entry is' : 'entries are'} still open; clock them out or export with force=true`,
        { openEntries },
      );
    }

    const entries = await listClosedEntries(tx, period.id);
    const totals = totalsOf(entries);
    const filename = exportFilename(period, options.format);
    let body: string;
    let rows: number;
    let fileMinutes: Record<string, number> | undefined;
    if (options.format === 'iif') {
      const file = iifOf(period, entries);
      body = file.text;
      rows = file.activities.length;
      fileMinutes = file.minutes;
    } else {
      body = csvOf(period, entries);
      rows = entries.length;
    }

    // Only the IIF export names the "generated accounting IIF export" (its iifFilename); a CSV export
    // stamps who and when but leaves the last IIF filename as it was.
    await stampExport(tx, period.id, {
      exportedBy: actor.email,
      exportedAt: now,
      ...(options.format === 'iif' ? { iifFilename: filename } : {}),
    });
    await recordAudit(tx, meta, {
      action: 'pay_period.export',
      actor,
      bookkeeperOrgId: period.bookkeeperOrgId,
      entityType: 'pay_period',
      entityId: period.id,
      details: {
        format: options.format,
        filename,
        rows,
        entries: entries.length,
        skippedOpenEntries: openEntries,
        force: options.force,
        totals,
        ...(fileMinutes ? { minutes: fileMinutes } : {}),
      },
    });
    return { filename, contentType: CONTENT_TYPES[options.format], body };
  });
}
