// One error handler and one not-found handler: every failure, validation and unknown route
// included, leaves in the envelope (docs/api.md §2). A 500 logs its cause and shows none of it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStatementTimeout, isTransientConflict } from '../db/errors.ts';
import { AppError, Errors, ValidationLabel, type FailureLabel } from '../core/errors.ts';
import { PLUGIN, sharedPlugin } from './plugin.ts';
import { clientGone } from './request-meta.ts';
import { RequestValidationError, validationLabel } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's validation label (`ValidationLabel.login`); default `ValidationLabel.default`. */
    validationError?: ValidationLabel;
    /** The route's 500 label (`FailureLabel.login`); default `FailureLabel.default`. */
    failureError?: FailureLabel | (string & {});
  }
}

export interface ErrorBody {
  success: false;
  error: string;
  message?: string;
  data?: Record<string, unknown>;
}

export const errorHandlersPlugin = sharedPlugin(PLUGIN.errorHandlers, [], registerErrorHandlers);

function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.statusCode >= 500) logFailure(request, reply, error, appError);
    return sendError(reply, appError);
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, Errors.routeNotFound()));
}

/**
 * A 5xx is logged at the level of what it says about the service: a fault (500, the database
 * away) at error; a conflict the database settled by aborting a transaction at warn; a 503 for a
 * client that had already gone (a closed tab, a load test's end, src/http/costly-reads.ts) at
 * info, since nobody was refused anything.
 */
function logFailure(request: FastifyRequest, reply: FastifyReply, error: Error, appError: AppError): void {
  if (appError.statusCode === 503 && clientGone(reply)) {
    request.log.info({ statusCode: 503 }, 'client left before its answer');
  } else if (isTransientConflict(error)) {
    request.log.warn({ err: error }, 'transaction aborted by a conflict');
  } else if (isDatabaseUnavailable(error) || isStatementTimeout(error)) {
    request.log.error({ err: error }, 'database unavailable');
  } else {
    request.log.error({ err: error }, appError.statusCode === 503 ? 'service unavailable' : 'request failed');
  }
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorBody = { success: false, error: error.label };
  if (error.detail) body.message = error.detail;
  if (error.data) body.data = error.data;
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const config = request.routeOptions?.config ?? {};

  if (error instanceof RequestValidationError) {
    return Errors.validation(validationLabel(config.validationError, error.httpPart, error.fieldNames), error.fields);
  }
  if (error.validation) return Errors.validation(config.validationError ?? ValidationLabel.default, error.message);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Errors.payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return Errors.unsupportedMediaType();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return Errors.invalidJson('The request body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return Errors.invalidJson();
  }
  if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') return Errors.invalidJson();
  if (isDatabaseUnavailable(error) || isStatementTimeout(error) || isTransientConflict(error)) return Errors.serviceUnavailable();

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return Errors.frameworkRefusal(status);
  return Errors.internal(config.failureError);
}
