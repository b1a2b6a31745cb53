// Placeholder: the routes of issue 10 are registered here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function payPeriodExportRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
