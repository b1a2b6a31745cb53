// The list filters every admin list shares (docs/api.md §7): a literal, case-insensitive
// `search` and the organization list's `active` rule.
import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `%term%` with `%`, `_` and `\` escaped, so that they match themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `expression ILIKE '%term%' ESCAPE '\'`: the form pg_trgm's GIN indexes can serve. */
export function ilike(expression: SQL | AnyColumn, search: string): SQL {
  return ilikePattern(expression, likePattern(search));
}

/** The same with the `likePattern` as a value or a named statement's placeholder (src/db/named-statement.ts). */
export function ilikePattern(expression: SQL | AnyColumn, pattern: string | SQLWrapper): SQL {
  return sql`${expression} ilike ${pattern} escape '\\'`;
}

/** `active=true` returns only active records; any other value returns all. */
export const onlyActive = (active: string | undefined): boolean => active === 'true';

/** A search term worth filtering on: blank after trimming means "no search". */
export function searchTerm(search: string | undefined): string | null {
  const term = search?.trim();
  return term ? term : null;
}

/** Optional text fields: an empty string is stored as null, so "cleared" has one representation. */
export function emptyToNull<T extends string | null | undefined>(value: T): T | null {
  return value === '' ? null : value;
}

