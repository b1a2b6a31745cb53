// The app's one Fastify type and the way its parts are registered. The TypeBox type provider is
// part of the type, so every handler gets `request.body`, `query` and `params` typed from its
// route's schemas. Each part is a named plugin that declares what must be registered before it:
// Fastify refuses to boot when one is missing or comes later, so the order needs no comment.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../core/context.ts';

/**
 * The instance the app's plugins and routes are given. buildApp hands the app out as a plain
 * FastifyInstance: routes added from outside (the tests' probes) keep typing their own parts.
 */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The options every app plugin is registered with: the shared context. */
export interface PluginOptions {
  ctx: AppContext;
}

export type AppPlugin = FastifyPluginAsync<PluginOptions, RawServerDefault, TypeBoxTypeProvider>;

/** The names Fastify knows the app's plugins by (their dependencies refer to them). */
export const PLUGIN = {
  errorHandlers: 'payclock-error-handlers',
  requestHooks: 'payclock-request-hooks',
  cookie: '@fastify/cookie',
  openApi: 'payclock-openapi',
  metrics: 'payclock-metrics',
  idempotency: 'payclock-idempotency',
  inFlight: 'payclock-in-flight',
  authGuard: 'payclock-auth-guard',
  docs: 'payclock-docs',
  webApp: 'payclock-web-app',
} as const;

/**
 * A cross-cutting plugin: not encapsulated, so its hooks, handlers and decorators apply to the
 * whole app, routes registered later included.
 */
export function sharedPlugin(name: string, dependencies: readonly string[], register: (app: AppInstance, ctx: AppContext) => Promise<void> | void): AppPlugin {
  return fp<PluginOptions, RawServerDefault, TypeBoxTypeProvider, FastifyBaseLogger, AppPlugin>(async (app, { ctx }) => register(app, ctx), {
    name,
    dependencies: [...dependencies],
  });
}

/**
 * What any route relies on being in place before it is added: the envelope for its errors,
 * the request hooks, the OpenAPI collector (which sees routes as they are added), the
 * idempotency route hook and the auth guard that reads the route's `config.auth`.
 */
export const ROUTE_DEPENDENCIES = [PLUGIN.errorHandlers, PLUGIN.requestHooks, PLUGIN.openApi, PLUGIN.idempotency, PLUGIN.authGuard];

/** A module's routes as a named, encapsulated plugin (whatever hooks it adds stay its own). */
export function routesPlugin(name: string, routes: (app: AppInstance, ctx: AppContext) => Promise<void>): AppPlugin {
  return fp<PluginOptions, RawServerDefault, TypeBoxTypeProvider, FastifyBaseLogger, AppPlugin>(async (app, { ctx }) => routes(app, ctx), {
    name,
    encapsulate: true,
    dependencies: [...ROUTE_DEPENDENCIES],
  });
}
