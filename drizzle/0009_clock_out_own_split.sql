-- Clock out without reading the whole week's clock times (docs/architecture.md §3; trap of
-- 0008: recomputing every earlier entry's worked seconds from its clock times cost most of a
-- clock out once weeks held many entries). A clock out is the latest entry of its workweek, so
-- the week's earlier entries are all closed and their figures do not depend on it:
-- - when their stored figures are what the allocation would give them (read from the stored
--   worked seconds with one running sum, integer arithmetic only), nothing of them changes and
--   this entry's own split follows from the sum of their worked seconds;
-- - otherwise (never allocated, or allocated under another threshold or time zone,
--   docs/time-rules.md §1, §9), the whole week is allocated again exactly as 0008 did.
-- Every writer keeps worked_seconds in step with the clock times it writes (this function,
-- src/modules/time-entries/allocation.ts), which is what lets the stored seconds stand for
-- them. Everything else (locks, refusals and their order, what is written) is 0008's.
-- The two arithmetic helpers of 0008, with the same bodies, declared so that PostgreSQL can
-- inline them into the queries that call them: not STRICT (with a NULL argument each body
-- gives NULL anyway, as STRICT did), and payclock_worked_seconds STABLE like the `extract` on
-- timestamptz in its body (a body more volatile than its declaration is never inlined). A
-- function that is not inlined starts its own small executor on every call; a profile of the
-- clock cycle (perf, BENCHMARKS.md) showed that setup as PostgreSQL's largest cost.
CREATE OR REPLACE FUNCTION payclock_hundredths(seconds bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT seconds / 36 + CASE WHEN seconds % 36 >= 18 THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payclock_worked_seconds(clock_in timestamptz, clock_out timestamptz, break_minutes int) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT floor((floor(extract(epoch FROM clock_out) * 1000) - floor(extract(epoch FROM clock_in) * 1000) - break_minutes::bigint * 60000) / 1000)::bigint
$$;
--> statement-breakpoint
-- The workweek start of 0008, the same computation in plpgsql: as a SQL function with
-- sub-selects it could never be inlined, so every call set up and ran a small query plan of its
-- own (with two init-plans); plpgsql keeps its expressions prepared for the session. The
-- earlier reading wins when local midnight repeats, the transition when it is skipped
-- (docs/time-rules.md §3); test/timesheet/punch-sql.test.ts compares it with
-- src/domain/workweek.ts over every week of 2011-2027 in 10 zones.
CREATE OR REPLACE FUNCTION payclock_workweek_start(instant timestamptz, tz text) RETURNS timestamptz
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
  wall timestamp := ((instant AT TIME ZONE tz)::date - extract(dow FROM instant AT TIME ZONE tz)::int)::timestamp;
  wall_utc timestamptz := wall AT TIME ZONE 'UTC';
  -- The wall time read with the offset of the day before, and of the day after.
  with_before timestamptz := wall_utc - (((wall - interval '1 day') AT TIME ZONE 'UTC' AT TIME ZONE tz) - (wall - interval '1 day'));
  with_after timestamptz := wall_utc - (((wall + interval '1 day') AT TIME ZONE 'UTC' AT TIME ZONE tz) - (wall + interval '1 day'));
BEGIN
  IF (with_before AT TIME ZONE tz) = wall AND (with_after AT TIME ZONE tz) = wall THEN
    RETURN least(with_before, with_after);
  END IF;
  IF (with_after AT TIME ZONE tz) = wall THEN
    RETURN with_after;
  END IF;
  RETURN with_before;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payclock_clock_out(
  p_employee uuid, p_token_hash text, p_issued_at_ms float8,
  p_at timestamptz, p_recorded_at timestamptz, p_break int, p_notes varchar, p_ip varchar, p_offline boolean
) RETURNS TABLE (outcome text, caller json, entry time_entries)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  who record;
  open_entry time_entries;
  closed time_entries;
  break_taken int;
  week_start timestamptz;
  next_week timestamptz;
  -- The rows whose figures move, as parallel arrays (this entry is always one: it had none).
  ids uuid[];
  periods uuid[];
  worked int[];
  totals numeric[];
  regulars numeric[];
  overtimes numeric[];
  threshold_seconds bigint;
  earlier_stale boolean;
  earlier_worked bigint;
  closing_worked bigint;
  closing_regular bigint;
BEGIN
  SELECT e.id, e.active, (extract(epoch FROM e.credentials_changed_at) * 1000)::float8 AS credentials_changed_ms,
         e.company_id, c.active AS company_active, c.bookkeeper_org_id, o.active AS org_active,
         o.timezone, o.overtime_threshold, o.overtime_multiplier,
         EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = p_token_hash) AS token_revoked
    INTO who
    FROM employees e JOIN companies c ON c.id = e.company_id JOIN bookkeeper_orgs o ON o.id = c.bookkeeper_org_id
   WHERE e.id = p_employee
     FOR UPDATE OF e;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'caller'::text, NULL::json, NULL::time_entries;
    RETURN;
  END IF;
  IF NOT (who.active AND who.company_active AND who.org_active AND NOT who.token_revoked
          AND p_issued_at_ms >= who.credentials_changed_ms) THEN
    RETURN QUERY SELECT 'caller'::text, row_to_json(who), NULL::time_entries;
    RETURN;
  END IF;

  SELECT * INTO open_entry FROM time_entries t WHERE t.employee_id = p_employee AND t.clock_out IS NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_open_entry'::text, row_to_json(who), NULL::time_entries;
    RETURN;
  END IF;
  -- The refusals in the order the rules list them (docs/time-rules.md §12, §15, §11).
  IF p_at < open_entry.clock_in THEN
    RETURN QUERY SELECT 'clock_out_before_clock_in'::text, row_to_json(who), NULL::time_entries;
    RETURN;
  END IF;
  IF p_offline AND p_at <= open_entry.clock_in THEN
    RETURN QUERY SELECT 'occurred_at_not_after_clock_in'::text, row_to_json(who), NULL::time_entries;
    RETURN;
  END IF;
  break_taken := coalesce(p_break, open_entry.break_minutes);
  IF break_taken::bigint * 60000 > floor(extract(epoch FROM p_at) * 1000) - floor(extract(epoch FROM open_entry.clock_in) * 1000) THEN
    RETURN QUERY SELECT 'break_too_long'::text, row_to_json(who), NULL::time_entries;
    RETURN;
  END IF;
  threshold_seconds := round(who.overtime_threshold * 3600)::bigint;
  week_start := payclock_workweek_start(open_entry.clock_in, who.timezone);
  -- 8 days after Sunday 00:00 is Monday of the next week whatever the DST shifts.
  next_week := payclock_workweek_start(week_start + interval '8 days', who.timezone);
  -- The week's earlier entries (all closed, all before this one): whether any has stored
  -- figures that the allocation would change, and the sum of their worked seconds.
  SELECT coalesce(bool_or(e.stale), false), coalesce(sum(e.w), 0)::bigint
    INTO earlier_stale, earlier_worked
    FROM (SELECT s.w, s.w IS NULL OR s.total_hours IS NULL OR s.regular_hours IS NULL OR s.overtime_hours IS NULL
                 OR s.total_hours * 100 <> payclock_hundredths(s.w) OR s.regular_hours * 100 <> payclock_hundredths(s.r)
                 OR s.overtime_hours * 100 <> payclock_hundredths(s.w) - payclock_hundredths(s.r) AS stale
            FROM (SELECT t.worked_seconds::bigint AS w, t.total_hours, t.regular_hours, t.overtime_hours,
                         least(t.worked_seconds::bigint, greatest(threshold_seconds - coalesce(sum(t.worked_seconds::bigint) OVER (ORDER BY t.clock_in, t.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint, 0)) AS r
                    FROM time_entries t
                   WHERE t.employee_id = p_employee AND t.clock_in >= week_start AND t.clock_in < open_entry.clock_in AND t.clock_out IS NOT NULL) s) e;
  IF NOT earlier_stale THEN
    -- Normally: only this entry's own split, regular up to what the threshold leaves.
    closing_worked := payclock_worked_seconds(open_entry.clock_in, p_at, break_taken);
    closing_regular := least(closing_worked, greatest(threshold_seconds - earlier_worked, 0));
    ids := ARRAY[open_entry.id];
    periods := ARRAY[open_entry.pay_period_id];
    worked := ARRAY[closing_worked::int];
    totals := ARRAY[payclock_hundredths(closing_worked) / 100.0];
    regulars := ARRAY[payclock_hundredths(closing_regular) / 100.0];
    overtimes := ARRAY[(payclock_hundredths(closing_worked) - payclock_hundredths(closing_regular)) / 100.0];
  ELSE
    -- Something earlier is stale: the whole week again, as 0008.
    SELECT coalesce(array_agg(a.id), '{}'), coalesce(array_agg(a.pay_period_id), '{}'), coalesce(array_agg(a.worked_seconds), '{}'),
           coalesce(array_agg(a.total_hours), '{}'), coalesce(array_agg(a.regular_hours), '{}'), coalesce(array_agg(a.overtime_hours), '{}')
      INTO ids, periods, worked, totals, regulars, overtimes
      FROM payclock_week_allocation(p_employee, week_start, next_week, threshold_seconds,
                                    open_entry.id, payclock_worked_seconds(open_entry.clock_in, p_at, break_taken)) a
     WHERE a.changed;
  END IF;
  -- Nothing in a locked period changes (docs/time-rules.md §11). KEY SHARE conflicts with the
  -- FOR UPDATE that locking a period takes, so none of these periods is locked before this
  -- commits; the next query's fresh snapshot sees one locked meanwhile (the same locks as
  -- src/modules/time-entries/allocation.ts).
  PERFORM 1 FROM pay_periods p WHERE p.id = ANY (periods) FOR KEY SHARE;
  IF EXISTS (SELECT 1 FROM pay_periods p WHERE p.id = ANY (periods) AND p.locked) THEN
    RETURN QUERY SELECT 'period_locked'::text, row_to_json(who), NULL::time_entries;
    RETURN;
  END IF;

  UPDATE time_entries t
     SET worked_seconds = v.worked, total_hours = v.total, regular_hours = v.regular, overtime_hours = v.overtime, updated_at = now()
    FROM unnest(ids, worked, totals, regulars, overtimes) AS v(id, worked, total, regular, overtime)
   WHERE t.id = v.id AND t.id <> open_entry.id;
  UPDATE time_entries t
     SET clock_out = p_at, clock_out_recorded_at = p_recorded_at, break_minutes = break_taken,
         notes = coalesce(p_notes, t.notes), clock_out_ip = p_ip,
         worked_seconds = v.worked, total_hours = v.total, regular_hours = v.regular, overtime_hours = v.overtime,
         updated_at = now()
    FROM unnest(ids, worked, totals, regulars, overtimes) AS v(id, worked, total, regular, overtime)
   WHERE t.id = open_entry.id AND v.id = open_entry.id
  RETURNING t.* INTO closed;
  RETURN QUERY SELECT 'closed'::text, row_to_json(who), closed;
END
$$;
