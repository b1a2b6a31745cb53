// buildApp(deps) assembles the Fastify instance: plugins, the envelope, the auth guard and
// every module. It never listens; main.ts and the tests decide that.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/open.ts';
import { registerAuthGuard } from './http/auth-guard.ts';
import { registerErrorHandlers, sendError } from './http/error-handler.ts';
import { AppError, Errors } from './http/errors.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerDocsRoutes, registerOpenApi } from './http/openapi.ts';
import { BODY_LIMIT_BYTES, registerRequestHooks } from './http/request-hooks.ts';
import { validatorCompiler } from './http/validation.ts';
import { SecretHasher } from './modules/auth/hashing.ts';
import { TokenService } from './modules/auth/tokens.ts';
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
  const options: FastifyServerOptions = {
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    requestIdHeader: false,
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
    // The router's own refusals (a path id with broken %-encoding, or longer than 100
    // characters) would leave as Fastify's bare 400/414: they are unknown ids, so 404 in the
    // envelope like any other (found by test/security/fuzz.test.ts).
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? Errors.routeNotFound()
          : new AppError(500, 'Internal server error'),
      ),
  };
  const app = Fastify({
    ...options,
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger }
        : { logger: loggerOptions(config) }),
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: deps.clock ?? systemClock,
    tokens: new TokenService(config.jwtSecret, config.tokenTtlSeconds),
    hasher: deps.hasher ?? new SecretHasher(),
  };

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandlers(app);
  registerRequestHooks(app);
  await app.register(cookie);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: [...config.corsOrigins], credentials: true, methods: ['GET', 'POST', 'PUT', 'DELETE'] });
  }
  // Before any route: @fastify/swagger collects routes as they are added (issue 9).
  await registerOpenApi(app);
  registerMetrics(app, { config, database });
  registerAuthGuard(app, ctx);
  registerIdempotency(app, ctx);
  await registerModules(app, ctx);
  await registerDocsRoutes(app);
  return app;
}

/** JSON logs through pino; credentials never reach them (CONTRACT §6, issue 9). */
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
