// The error responses of the OpenAPI document: the statuses the shared plumbing (validation,
// authentication, idempotency, body limits) can answer on any route, a description for every
// status, and the one error envelope the operations reference instead of repeating it.
import type { AuthMode } from './auth-guard.ts';
import { ErrorCode, FailureLabel, ValidationLabel } from '../core/errors.ts';
import { ErrorEnvelope } from './schemas.ts';

/** A label as the descriptions quote it. */
const quote = (label: string) => `\`${label}\``;
const C = ErrorCode;

export const STATUS_TEXT: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  204: 'No content',
  401: `${quote(C.authenticationFailed.label)} or ${quote(C.authenticationRequired.label)}`,
  403: `${quote(C.accessDenied.label)}, ${quote(C.accountInactive.label)}, ${quote(C.organizationInactive.label)} or ${quote(C.companyInactive.label)}`,
  404: '`<Thing> not found` (a path id that is not a UUID included)',
  409: 'Conflict',
  422: `${quote(C.idempotencyKeyReused.label)}: the same Idempotency-Key with a different body`,
  429: 'Too many requests (`Retry-After` and `X-RateLimit-*` headers)',
};

export interface RouteLabels {
  inactiveEmployeeLabel?: string;
  validationError?: string;
  failureError?: string;
}

/** Statuses the shared plumbing can answer on any route, whatever the route itself does. */
export function plumbingStatuses(method: string, url: string, auth: AuthMode, hasBody: boolean, labels: RouteLabels): Record<number, string> {
  const statuses: Record<number, string> = {
    400: `${quote(labels.validationError ?? ValidationLabel.default)} (\`message\`: \`field: reason, …\`), ${quote(C.invalidJson.label)}, or a business rule of this operation`,
    500: `${quote(labels.failureError ?? FailureLabel.default)}: an unexpected failure (no internals in the answer)`,
    503: `${quote(C.serviceUnavailable.label)}: the database does not answer (\`Retry-After\` header)`,
  };
  // DELETE too: Fastify parses a body sent with one, so it can be too large or not JSON.
  if (hasBody || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    statuses[413] = `${quote(C.payloadTooLarge.label)}: the body is over 100 KiB`;
    statuses[415] = `${quote(C.unsupportedMediaType.label)}: the body is not application/json`;
  }
  const authenticated = auth === 'admin' || auth === 'employee' || auth === 'any';
  if (authenticated) {
    statuses[401] = `${quote(C.authenticationRequired.label)}: no token, or an invalid or expired one`;
    const role = auth === 'admin' ? C.adminRoleRequired : auth === 'employee' ? C.employeeRoleRequired : undefined;
    statuses[403] = `${quote(C.accessDenied.label)} (another tenant’s record), ${role ? `${quote(role.label)}, ` : ''}${quote(C.accountInactive.label)}, ${quote(C.organizationInactive.label)}${auth === 'admin' ? '' : `, ${quote(C.companyInactive.label)}`}`;
    if (labels.inactiveEmployeeLabel) statuses[404] = `${quote(labels.inactiveEmployeeLabel)}, or \`<Thing> not found\``;
  }
  if (idempotent(method, url, auth)) {
    statuses[409] = `${quote(C.requestInProgress.label)}: a request with this Idempotency-Key is still running (\`Retry-After\` header)`;
    statuses[422] = `${quote(C.idempotencyKeyReused.label)}: the same Idempotency-Key with a different request`;
  }
  return statuses;
}

/** Authenticated POSTs under /api/v1 but /auth/* accept Idempotency-Key (docs/api.md §12, src/http/idempotency.ts). */
export function idempotent(method: string, url: string, auth: AuthMode): boolean {
  return method === 'POST' && auth !== 'none' && auth !== 'optional' && url.startsWith('/api/v1/') && !url.startsWith('/api/v1/auth/');
}

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
const ERROR_ENVELOPE_TITLE = (ErrorEnvelope as unknown as { title: string }).title;

/**
 * Every operation answers errors with the one envelope: it is written once under
 * components.schemas and referenced, instead of being repeated a few hundred times.
 */
export function shareErrorEnvelope(raw: Record<string, unknown>): Record<string, unknown> {
  type Media = { schema?: Record<string, unknown> };
  type Responses = Record<string, { content?: Record<string, Media> }>;
  let shared: Record<string, unknown> | undefined;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries((raw.paths ?? {}) as Record<string, Record<string, { responses?: Responses }>>)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(item)) {
      const responses: Responses = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const content: Record<string, Media> = {};
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.schema && media.schema.title === ERROR_ENVELOPE_TITLE) {
            const { description: _description, ...schema } = media.schema;
            shared ??= schema;
            content[type] = { ...media, schema: { $ref: ERROR_ENVELOPE_REF } };
          } else {
            content[type] = media;
          }
        }
        responses[status] = response.content ? { ...response, content } : response;
      }
      paths[path]![method] = operation.responses ? { ...operation, responses } : operation;
    }
  }
  if (!shared) return raw;
  const components = (raw.components ?? {}) as Record<string, unknown>;
  const schemas = { ...((components.schemas ?? {}) as Record<string, unknown>), ErrorEnvelope: shared };
  return { ...raw, paths, components: { ...components, schemas } };
}
