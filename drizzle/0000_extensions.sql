-- Extensions the schema relies on. PGlite loads them as WASM modules (see src/db/open.ts);
-- PostgreSQL needs postgresql-contrib. btree_gist: exclusion constraints mixing = on uuid with
-- && on ranges. pg_trgm: indexed case-insensitive substring search.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
