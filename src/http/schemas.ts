// Shared request/response schemas: the envelope, pagination, timestamps. Every route builds
// its schemas from these, so the response shape, the validation and the OpenAPI document
// come from one place.
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { notFoundLabel, type Thing } from '../core/errors.ts';

/** A Date on the way out (serialized as ISO-8601 UTC with milliseconds), a string in the docs. */
export const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' });
export const NullableDateTime = Type.Unsafe<Date | string | null>({ type: ['string', 'null'], format: 'date-time' });

/**
 * `schema` or null, in a response shape (request bodies use the nullable fields of
 * src/modules/companies/body-schemas.ts, whose validation messages are their own). A schema of
 * one JSON type becomes a type list, `type: ['string', 'null']`, which OpenAPI 3.1 and the
 * generated client read as `string | null` like the `anyOf` it replaces: Fastify's serializer
 * writes a type list after an `=== null` test, where for an `anyOf` it runs a schema validator
 * on the value for every branch it tries, every time (docs/architecture.md §3). An enum or
 * const keeps the `anyOf`, since null is not one of its values.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type } = schema as { type?: unknown };
  if (typeof type !== 'string' || 'enum' in schema || 'const' in schema) return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/**
 * The `:id` of a route about one `thing`. Path ids are plain strings, not `format: uuid`: an id
 * that is not a UUID, of any length or content, answers 404 `<Thing> not found` like an unknown
 * id, never a validation 400. `x-not-found` states that label in the OpenAPI document, so that
 * clients (and the tests that walk the document) know it without reading prose.
 */
export const pathId = (thing: Thing) =>
  Type.String({
    description: `The ${thing.toLowerCase()}'s id (a UUID). Any other value answers 404 \`${notFoundLabel(thing)}\`.`,
    'x-not-found': notFoundLabel(thing),
  });
export const idParams = (thing: Thing) => Type.Object({ id: pathId(thing) });
export type IdParams = Static<ReturnType<typeof idParams>>;

/** A body string: trimmed by the body hook; at most 255 characters (docs/api.md §5). */
export const Str = (options: { minLength?: number; maxLength?: number; examples?: unknown[] } = {}) =>
  Type.String({ maxLength: 255, ...options });
export const RequiredStr = (options: { maxLength?: number; examples?: unknown[] } = {}) =>
  Type.String({ minLength: 1, maxLength: 255, ...options });
export const Email = Type.String({ format: 'email', maxLength: 255 });

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'A stable label: one of the document’s `x-error-catalogue`' }),
    message: Type.Optional(Type.String()),
    data: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'Error envelope' },
);

export const envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data, message: Type.Optional(Type.String()) });

/** `{success: true, message}`: a delete that returns no record (docs/api.md §2). */
export const MessageEnvelope = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const PaginationQuery = {
  // Bounded: page=1e400 coerces to Infinity, and an OFFSET beyond bigint is a database error
  // (found by test/security/fuzz.test.ts). A million pages of 100 is past any real list.
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};
/** `search` and `active` as the organization list defines them; shared by every admin list. */
export const ListQuery = Type.Object({
  ...PaginationQuery,
  search: Type.Optional(Type.String({ maxLength: 255 })),
  active: Type.Optional(Type.String({ maxLength: 16 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const paginated = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalPages: Type.Integer(),
  });

/**
 * The error statuses a route can answer, all with the error envelope. Every route lists
 * them so that the serializer, the tests' response check and the OpenAPI document agree.
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorEnvelope> {
  const all = new Set([400, 500, 503, ...statuses]);
  return Object.fromEntries([...all].sort().map((status) => [status, ErrorEnvelope]));
}
