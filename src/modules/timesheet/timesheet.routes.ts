// Placeholder: the routes of issue 6 are registered here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function timesheetRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
