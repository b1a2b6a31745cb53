// buildApp(deps) assembles the Fastify instance: plugins, the envelope, the auth guard and
// every module. It never listens; main.ts and the tests decide that.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
  type FastifyTypeProviderDefault,
} from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './core/context.ts';
import type { Database } from './db/open.ts';
import { authGuardPlugin } from './http/auth-guard.ts';
import { errorHandlersPlugin, sendError } from './http/error-handler.ts';
import { deferredRequestLogger, HotRouteLogController } from './http/request-log.ts';
import { Errors } from './core/errors.ts';
import { idempotencyPlugin } from './http/idempotency.ts';
import { inFlightPlugin } from './http/in-flight.ts';
import { metricsPlugin } from './http/metrics.ts';
import { docsPlugin } from './http/docs-ui.ts';
import { openApiPlugin } from './http/openapi.ts';
import { BODY_LIMIT_BYTES, requestHooksPlugin } from './http/request-hooks.ts';
import { literalPathWhenUndecodable, MAX_PATH_PARAM_LENGTH, MAX_REQUEST_HEAD_BYTES } from './http/request-url.ts';
import { validatorCompiler } from './http/validation.ts';
import { webAppPlugin } from './http/web-app.ts';
import { DEFAULT_HASH_COST, SecretHasher } from './core/hashing.ts';
import { TokenService } from './core/tokens.ts';
import { createActorLoader } from './modules/auth/actor.repository.ts';
import { registerModules } from './modules/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  hasher?: SecretHasher;
  /** A pino logger, `false` for none (tests), or undefined for the configured level. */
  logger?: FastifyBaseLogger | false;
}

export type App = FastifyInstance;

/** A request id is kept when the caller's is a sane token, else generated (no log injection). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const options: FastifyHttpOptions<Server> = {
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    requestIdHeader: false,
    // Successes of the hottest routes are logged at debug (src/http/request-log.ts).
    logController: new HotRouteLogController(),
    // Each request's logger is built on its first line (src/http/request-log.ts).
    childLoggerFactory: deferredRequestLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Node's own limits: slow clients cannot hold sockets forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { coerceTypes: 'array' } },
    // A path id of any length and content reaches its route (src/http/request-url.ts).
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    rewriteUrl: (request) => literalPathWhenUndecodable(request.url ?? '/'),
    // The router's own refusals, should one still happen, leave in the envelope, not bare.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? Errors.routeNotFound()
          : Errors.internal(),
      ),
  };
  const app = Fastify({
    ...options,
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger }
        : { logger: loggerOptions(config) }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: deps.clock ?? systemClock,
    tokens: new TokenService(config.jwtSecret, config.tokenTtlSeconds),
    // Sign-ins hash one at a time while other requests run (docs/architecture.md §3); `app.inFlight`
    // is decorated below, before the first request.
    hasher: deps.hasher ?? new SecretHasher(DEFAULT_HASH_COST, { busy: () => app.inFlight.othersThanSignIns > 0 }),
    actors: createActorLoader(database.db),
  };

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Each plugin declares the ones it needs before it: Fastify refuses to boot otherwise.
  await app.register(errorHandlersPlugin, { ctx });
  await app.register(requestHooksPlugin, { ctx });
  await app.register(cookie);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: [...config.corsOrigins], credentials: true, methods: ['GET', 'POST', 'PUT', 'DELETE'] });
  }
  await app.register(openApiPlugin, { ctx });
  await app.register(metricsPlugin, { ctx });
  await app.register(idempotencyPlugin, { ctx });
  await app.register(inFlightPlugin, { ctx });
  await app.register(authGuardPlugin, { ctx });
  await registerModules(app, ctx);
  await app.register(docsPlugin, { ctx });
  // The employee app and the kiosk (dist/web), at `/` and `/kiosk` only.
  await app.register(webAppPlugin, { ctx });
  // Handed out as a plain instance: routes added from outside (the tests' probes) type their own parts.
  return app.withTypeProvider<FastifyTypeProviderDefault>();
}

/** JSON logs through pino; credentials never reach them (docs/api.md §14). */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      // Up to two levels deep, so that a careless `log.info({ body })` or `{ headers }` is covered too.
      paths: ['authorization', 'cookie', '"set-cookie"', 'password', 'pin', 'token'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
      censor: '[redacted]',
    },
  };
}
