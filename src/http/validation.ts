// Request validation. JSON bodies are typed strictly (a number sent as a string is a 400,
// docs/api.md §5); query strings and path params are text, so they are coerced. Unknown body
// fields are dropped before the handler sees them (no mass assignment).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ValidationLabel } from '../core/errors.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

function createAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    // verbose: the failing sub-schema is on each error, to list the allowed values of a union.
    verbose: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv('array');
const compiled = new WeakMap<object, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const key = schema as object;
  let validate = httpPart === 'body' ? undefined : compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    if (httpPart !== 'body') compiled.set(key, validate);
  }
  const fn = validate;
  return (data: unknown) => (fn(data) ? { value: data } : { error: new RequestValidationError(httpPart ?? 'body', fn.errors ?? []) });
};

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  /** `field: reason, field: reason`, the envelope's `message`. */
  readonly fields: string;
  /** The fields at fault (`page`, `items.0.name`), which decide the label. */
  readonly fieldNames: string[];
  constructor(
    readonly httpPart: string,
    errors: ErrorObject[],
  ) {
    const fields = formatValidationErrors(errors);
    super(fields);
    this.name = 'RequestValidationError';
    this.fields = fields;
    this.fieldNames = [...new Set(errors.map(fieldOf))];
  }
}

/** The query parameters of every paginated list. */
const PAGINATION_FIELDS = new Set(['page', 'pageSize']);

/**
 * The `error` of a validation failure: the route's own label where it names one (`Invalid time
 * entry data`), except that a bad `page` or `pageSize` is `Validation failed` on every list, so
 * that a client pages through every list the same way whatever the route calls its own data.
 */
export function validationLabel(routeLabel: ValidationLabel | undefined, httpPart: string, fieldNames: readonly string[]): ValidationLabel {
  if (httpPart === 'querystring' && fieldNames.some((field) => PAGINATION_FIELDS.has(field))) return ValidationLabel.default;
  return routeLabel ?? ValidationLabel.default;
}

/** `field: reason, field: reason` (docs/api.md §6), one reason per field, in input order. */
export function formatValidationErrors(errors: ErrorObject[]): string {
  const byField = new Map<string, string>();
  for (const error of errors) {
    const field = fieldOf(error);
    // A union reports each branch's failure and then its own; the union's reason is the useful one.
    if (!byField.has(field) || error.keyword === 'anyOf' || error.keyword === 'oneOf') byField.set(field, reasonOf(error));
  }
  return [...byField].map(([field, reason]) => `${field}: ${reason}`).join(', ');
}

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  return path || 'body';
}

function reasonOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${article(String(params.type))}`;
    case 'format':
      return `must be a valid ${String(params.format).replace('date-time', 'ISO-8601 date-time')}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be >= ${String(params.limit)}`;
    case 'maximum':
      return `must be <= ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `must be > ${String(params.limit)}`;
    case 'pattern':
      return 'has an invalid format';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'anyOf':
    case 'oneOf': {
      const branches = Array.isArray(error.schema) ? (error.schema as Array<{ const?: unknown }>) : [];
      const constants = branches.filter((branch) => 'const' in branch).map((branch) => branch.const);
      return constants.length > 0 && constants.length === branches.length
        ? `must be one of ${constants.join(', ')}`
        : 'has an invalid value';
    }
    default:
      return error.message ?? 'is invalid';
  }
}

function article(type: string): string {
  const name = type.replace(',', ' or ');
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
