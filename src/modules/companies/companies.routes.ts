// Placeholder: the routes of issue 4 are registered here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function companyRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
