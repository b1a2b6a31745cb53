// Placeholder: the routes of issue 5 are registered here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function payPeriodRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
