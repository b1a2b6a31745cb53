// GET /api/v1/admin/reports/hours: the hours report as JSON (the envelope) or, with
// `Accept: text/csv` or `format=csv`, as a CSV file. Errors are the envelope either way.
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { buildHoursReportCsv } from '../../domain/hours-report-csv.ts';
import { TIMESHEET_FLAGS } from '../../domain/timesheet-flags.ts';
import { adminOf } from '../../http/auth-guard.ts';
import { costlyReadLimit, holdUntilSent } from '../../http/costly-reads.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { FailureLabel } from '../../core/errors.ts';
import { DateTime, envelope, errorResponses, Nullable } from '../../http/schemas.ts';
import { Pay } from '../timesheets/timesheets.routes.ts';
import { GROUP_BY } from './hours-report.repository.ts';
import { buildHoursReport } from './hours-report.service.ts';

const HoursReportQuery = Type.Object(
  {
    companyId: Type.Optional(Type.String({ maxLength: 255, description: "Without it: the caller's organization" })),
    employeeId: Type.Optional(Type.String({ maxLength: 255 })),
    payPeriodId: Type.Optional(Type.String({ maxLength: 255, description: "The pay period's range, when startDate and endDate are omitted" })),
    startDate: Type.Optional(Type.String({ maxLength: 64, description: 'YYYY-MM-DD (start of that local day) or ISO-8601; required without payPeriodId' })),
    endDate: Type.Optional(Type.String({ maxLength: 64, description: 'YYYY-MM-DD (end of that local day) or ISO-8601; at most 366 days from startDate' })),
    groupBy: Type.Optional(Type.Enum([...GROUP_BY], { default: 'employee', description: "Days and weeks (Sunday to Saturday) are the organization's time zone's" })),
    format: Type.Optional(Type.Enum(['json', 'csv'], { description: 'csv: the rows as a CSV file (as Accept: text/csv)' })),
  },
  { examples: [{ startDate: '2026-03-01', endDate: '2026-03-31', groupBy: 'week' }] },
);

const Amounts = {
  entries: Type.Integer(),
  totalHours: Type.Number(),
  regularHours: Type.Number(),
  overtimeHours: Type.Number(),
  pay: Type.Object(Pay.properties, { description: 'Summed over HOURLY employees: each employee’s hours × rate, rounded half up to cents' }),
};

const ReportRow = Type.Object(
  {
    key: Nullable(Type.String({ description: 'Employee id, YYYY-MM-DD (day, or the Sunday of a week), or job code (null: none)' })),
    label: Type.String(),
    ...Amounts,
    flags: Type.Array(Type.Enum([...TIMESHEET_FLAGS]), { description: 'LONG_SHIFT, OFFLINE_PUNCH, EDITED, as on a timesheet' }),
  },
  { title: 'Hours report row' },
);

const HoursReport = Type.Object({
  groupBy: Type.Enum([...GROUP_BY]),
  timezone: Type.String(),
  range: Type.Object({ startDate: DateTime, endDate: DateTime }),
  rows: Type.Array(ReportRow),
  totals: Type.Object(Amounts),
});

/** 200 is JSON or CSV, as asked; the OpenAPI document lists both media types. */
const ReportAnswer = {
  description: 'The report: the envelope as JSON, or the rows as CSV (attachment)',
  content: {
    'application/json': { schema: envelope(HoursReport) },
    'text/csv': { schema: Type.String({ description: 'RFC 4180 CSV, UTF-8 with a byte-order mark, CRLF line ends, a header line, one line per row' }) },
  },
};

const wantsCsv = (format: string | undefined, accept: string | undefined): boolean =>
  format === 'csv' || (format === undefined && /\btext\/csv\b/i.test(accept ?? ''));

export async function hoursReportRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const reports = costlyReadLimit();
  app.get(
    '/admin/reports/hours',
    {
      config: { auth: 'admin', failureError: FailureLabel.buildReport },
      schema: {
        tags: ['Reports'],
        summary: 'Hours and hourly pay of closed entries in a range (at most 366 days), grouped by employee, day, week or job code',
        querystring: HoursReportQuery,
        response: { 200: ReportAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await holdUntilSent(reports, reply);
      const report = await buildHoursReport(ctx, adminOf(request), request.query);
      if (!wantsCsv(request.query.format, request.headers.accept)) return reply.type('application/json').send({ success: true, data: report });
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="hours-${report.groupBy}-${day(report.range.startDate)}-${day(report.range.endDate)}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(buildHoursReportCsv(report.rows));
    },
  );
}
