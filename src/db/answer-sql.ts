// Values printed by the database exactly as the API's answers print them, for JSON that a
// statement builds and Node.js sends as it is (src/http/prebuilt-json.ts): a timestamp as
// JavaScript's toISOString writes it, a numeric as a JSON number without trailing zeros. They
// are SQL text, not Drizzle fragments, so that a statement's fixed JSON can be one raw
// fragment: Drizzle walks every nested fragment on each request, and an entry's JSON written as
// nested fragments doubled the week's read's CPU in Node.js (BENCHMARKS.md, "The timesheet
// built by the database").

/**
 * A timestamp expression as ISO-8601 UTC with milliseconds (`2026-10-11T04:00:00.000Z`),
 * truncated to the millisecond as a JavaScript Date holds it; null stays null.
 */
export const isoUtc = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A numeric expression as the JSON number JavaScript prints for it: numeric 7.50 would print as
 * `7.50`, float8 prints the shortest text that reads back as the same double, as JavaScript
 * does. Every numeric column of the schema has 2 decimals and at most 12 digits, so no value or
 * sum of them reaches the exponent forms in which the two differ.
 */
export const numberOf = (expression: string) => `${expression}::float8`;
