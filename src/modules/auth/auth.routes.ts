// Placeholder: the routes of issue 3 are registered here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function authRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
