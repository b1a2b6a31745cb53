// GET /api/v1/admin/pay-periods/{id}/export (docs/api.md §15): the pay period as a QuickBooks Desktop
// IIF time import or a CSV. The answer is the file itself, not the JSON envelope; errors are
// the envelope as everywhere else.
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { adminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { ErrorEnvelope, errorResponses, idParams } from '../../http/schemas.ts';
import { CONTENT_TYPES, EXPORT_FORMATS, exportPayPeriod } from './export.service.ts';

const ExportQuery = Type.Object(
  {
    format: Type.Enum([...EXPORT_FORMATS], { description: '`iif` (QuickBooks Desktop time import) or `csv`' }),
    force: Type.Optional(
      Type.Boolean({ default: false, description: 'Export although some entries are still open (they are left out)' }),
    ),
  },
  { examples: [{ format: 'iif' }, { format: 'csv', force: true }] },
);

/** 200 is the file itself, one media type per format (the OpenAPI document lists both). */
const ExportFile = {
  description: 'The file, sent as an attachment (`Content-Disposition: attachment; filename="payclock-<company>-<start>-<end>.<ext>"`)',
  content: {
    [CONTENT_TYPES.iif]: {
      schema: Type.String({ description: 'QuickBooks Desktop IIF time import: tab-separated, CRLF line ends, ASCII only' }),
    },
    'text/csv': {
      schema: Type.String({ description: 'RFC 4180 CSV, UTF-8 with a byte-order mark, CRLF line ends, one row per closed entry' }),
    },
  },
};

export async function payPeriodExportRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/pay-periods/:id/export',
    {
      // An export stamps the period and writes an audit row: a HEAD must not do that unseen.
      exposeHeadRoute: false,
      config: { auth: 'admin', failureError: FailureLabel.exportPayPeriod },
      schema: {
        tags: ['Pay period export'],
        summary: 'Download the pay period for payroll: QuickBooks IIF or CSV (409 while entries are open, unless force=true)',
        params: idParams('Pay period'),
        querystring: ExportQuery,
        response: {
          200: ExportFile,
          ...errorResponses(401, 403, 404),
          409: { ...ErrorEnvelope, description: '`Pay period not ready`: entries are still open (`data.openEntries`); retry with force=true to leave them out' },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const file = await exportPayPeriod(
        ctx.db,
        adminOf(request),
        id,
        { format: query.format, force: query.force === true },
        requestMeta(request),
        ctx.clock.now(),
      );
      // The filename is ASCII letters, digits, '-' and '.', so it needs no quoting or RFC 5987 form.
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type(file.contentType)
        .send(file.body);
    },
  );
}
