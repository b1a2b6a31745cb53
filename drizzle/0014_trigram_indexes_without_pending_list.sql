-- The search indexes write each row's trigrams straight into the index (src/db/schema.ts,
-- TRIGRAM_INDEX_OPTIONS). With fastupdate on, new rows' trigrams waited in a pending list of up
-- to gin_pending_list_limit (4 MB) that every search read in full until a vacuum, or
-- autovacuum, merged it (an ANALYZE by hand does not). Turning it off does not flush what is
-- already pending, so each index's list is merged here too.
ALTER INDEX "bookkeeper_orgs_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "companies_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "companies_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "employees_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('bookkeeper_orgs_name_trgm_idx'::regclass),
       gin_clean_pending_list('companies_name_trgm_idx'::regclass),
       gin_clean_pending_list('companies_email_trgm_idx'::regclass),
       gin_clean_pending_list('employees_search_trgm_idx'::regclass);
