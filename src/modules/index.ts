// Every module, registered once. API modules live under /api/v1 (SPEC.md "Versioning").
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { healthRoutes } from './health/health.routes.ts';

type ModuleRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** The /api/v1 modules. Each takes the shared context and registers its own routes. */
const API_V1_MODULES: ModuleRoutes[] = [];

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await healthRoutes(app, ctx);
  await app.register(async (api) => {
    for (const routes of API_V1_MODULES) await routes(api, ctx);
  }, { prefix: '/api/v1' });
}
