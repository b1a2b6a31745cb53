// Operations: /health answers while the process runs; /ready only while the database answers.
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { Errors } from '../../core/errors.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { envelope, errorResponses } from '../../http/schemas.ts';

const Status = envelope(Type.Object({ status: Type.String() }));
/** /ready must answer within its own deadline even when the database hangs. */
const READY_TIMEOUT_MS = 2_000;

export async function healthRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get('/health', { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: Status } } }, async () => ({
    success: true as const,
    data: { status: 'ok' },
  }));

  app.get(
    '/ready',
    { schema: { tags: ['operations'], summary: 'Readiness: the database answers', response: { 200: Status, ...errorResponses(503) } } },
    async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('ready check timed out')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([ctx.database.ping(), timeout]);
      } catch {
        throw Errors.serviceUnavailable();
      } finally {
        clearTimeout(timer);
      }
      return { success: true as const, data: { status: 'ready' } };
    },
  );
}
