-- An entry written while the pay period covering it is being created must end up linked to
-- that period. The writer of the entry looks the period up, and the creator of the period links
-- the company's unlinked entries; in READ COMMITTED neither sees the other's uncommitted row.
-- Both therefore take one per-company lock and then look again in a NEW statement, whose
-- snapshot is taken after the lock was granted: whichever comes second sees the other's
-- committed row. (A statement that waits on a lock keeps the snapshot it started with, so the
-- look-up must not be in the statement that takes the lock.)

-- The key of the per-company lock, held until the transaction ends. Writers of entries take it
-- SHARED (they never wait for each other: a company without a current period does not
-- serialize its clock-ins); the pay-period create takes it EXCLUSIVE before linking, so it waits
-- for the entry writers in flight and makes new ones wait for its commit.
CREATE FUNCTION pay_period_links_lock_key(company uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('payclock.pay_period_links:' || company::text, 0)
$$;
--> statement-breakpoint
-- Fired only for an entry that would stay unlinked (the hot path, a clock in whose covering
-- period exists, never comes here): lock, then look the covering unlocked period up again.
-- plpgsql runs each query with a fresh snapshot, so a period committed while waiting is seen.
CREATE FUNCTION link_entry_to_covering_period() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(pay_period_links_lock_key(NEW.company_id));
  SELECT p.id INTO NEW.pay_period_id
  FROM pay_periods p
  WHERE p.company_id = NEW.company_id AND p.locked = false
    AND p.start_date <= NEW.clock_in AND p.end_date >= NEW.clock_in
  ORDER BY p.start_date DESC
  LIMIT 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_link_on_insert
BEFORE INSERT ON time_entries
FOR EACH ROW WHEN (NEW.pay_period_id IS NULL)
EXECUTE FUNCTION link_entry_to_covering_period();
--> statement-breakpoint
-- An entry moved to another instant without a period: the same look-up. An unmoved entry keeps
-- its link (or its lack of one), as before.
CREATE TRIGGER time_entries_link_on_move
BEFORE UPDATE OF clock_in ON time_entries
FOR EACH ROW WHEN (NEW.pay_period_id IS NULL AND NEW.clock_in IS DISTINCT FROM OLD.clock_in)
EXECUTE FUNCTION link_entry_to_covering_period();
