-- Clock out as ONE statement (docs/architecture.md, "How a punch reaches the database"): the
-- caller check, the employee lock, the close and the entry's own overtime split, in one call.

-- The first instant of the workweek containing `instant` in the zone `tz`: local Sunday 00:00
-- (docs/time-rules.md §3), computed exactly as src/domain/workweek.ts does, including the
-- zones whose midnight repeats (the earlier reading wins) or is skipped (the transition wins).
-- test/timesheet/punch-sql.test.ts compares the two over DST transitions.
CREATE FUNCTION payclock_workweek_start(instant timestamptz, tz text) RETURNS timestamptz
LANGUAGE sql STABLE STRICT AS $$
  SELECT coalesce(
    (SELECT min(c.t) FROM (VALUES (w.wall_utc - w.before), (w.wall_utc - w.after)) AS c(t) WHERE (c.t AT TIME ZONE tz) = w.wall),
    w.wall_utc - w.before)
  FROM (
    SELECT d.wall, d.wall AT TIME ZONE 'UTC' AS wall_utc,
           ((d.wall - interval '1 day') AT TIME ZONE 'UTC' AT TIME ZONE tz) - (d.wall - interval '1 day') AS before,
           ((d.wall + interval '1 day') AT TIME ZONE 'UTC' AT TIME ZONE tz) - (d.wall + interval '1 day') AS after
    FROM (SELECT ((instant AT TIME ZONE tz)::date - extract(dow FROM instant AT TIME ZONE tz)::int)::timestamp AS wall) d
  ) w
$$;
--> statement-breakpoint
-- Hundredths of an hour in whole seconds, half up (docs/time-rules.md §10, src/domain/hours.ts).
CREATE FUNCTION payclock_hundredths(seconds bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT seconds / 36 + CASE WHEN seconds % 36 >= 18 THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
-- Whole worked seconds between two instants less a break (docs/time-rules.md §6), on the
-- millisecond values JavaScript sees (src/domain/overtime.ts workedSeconds).
CREATE FUNCTION payclock_worked_seconds(clock_in timestamptz, clock_out timestamptz, break_minutes int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT floor((floor(extract(epoch FROM clock_out) * 1000) - floor(extract(epoch FROM clock_in) * 1000) - break_minutes::bigint * 60000) / 1000)::bigint
$$;
--> statement-breakpoint
-- The allocation of one employee's workweek (docs/time-rules.md §8; src/domain/overtime.ts
-- allocateWeek) with the entry `p_closing` counted as closed with `p_closing_worked` seconds:
-- the week's closed entries in (clockIn, id) order, a running sum of worked seconds, regular up
-- to the threshold. `changed` marks the rows whose stored figures differ from it.
CREATE FUNCTION payclock_week_allocation(
  p_employee uuid, p_from timestamptz, p_to timestamptz, p_threshold_seconds bigint, p_closing uuid, p_closing_worked bigint
) RETURNS TABLE (id uuid, pay_period_id uuid, worked_seconds int, total_hours numeric, regular_hours numeric, overtime_hours numeric, changed boolean)
LANGUAGE sql STABLE AS $$
  WITH week AS (
    SELECT t.id, t.clock_in, t.pay_period_id, t.worked_seconds AS old_worked, t.total_hours AS old_total,
           t.regular_hours AS old_regular, t.overtime_hours AS old_overtime,
           CASE WHEN t.id = p_closing THEN p_closing_worked ELSE payclock_worked_seconds(t.clock_in, t.clock_out, t.break_minutes) END AS worked
      FROM time_entries t
     WHERE t.employee_id = p_employee AND t.clock_in >= p_from AND t.clock_in < p_to
       AND (t.clock_out IS NOT NULL OR t.id = p_closing)
  ), split AS (
    SELECT week.*,
           least(worked, greatest(p_threshold_seconds - coalesce(sum(worked) OVER (ORDER BY clock_in, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint, 0)) AS regular
      FROM week
  ), figures AS (
    SELECT split.*, payclock_hundredths(worked) / 100.0 AS total_h, payclock_hundredths(regular) / 100.0 AS regular_h,
           (payclock_hundredths(worked) - payclock_hundredths(regular)) / 100.0 AS overtime_h
      FROM split
  )
  SELECT f.id, f.pay_period_id, f.worked::int, f.total_h, f.regular_h, f.overtime_h,
         f.old_total IS NULL OR f.old_worked IS DISTINCT FROM f.worked::int OR f.old_total <> f.total_h
           OR f.old_regular IS DISTINCT FROM f.regular_h OR f.old_overtime IS DISTINCT FROM f.overtime_h
    FROM figures f
$$;
--> statement-breakpoint
-- Clock out. plpgsql runs each query with a fresh snapshot, so everything read after the
-- employee row lock (the lock every admin correction takes first, employees.repository.ts
-- lockEmployee) sees what a correction that held it committed; a single plain statement would
-- keep the snapshot it started with. The outcome names the refusal, and nothing is written
-- unless it is 'closed'. The week is allocated again (docs/time-rules.md §9) and only rows
-- whose figures move are written: a clock out is the latest entry of its workweek (the open
-- entry runs to infinity, so the exclusion constraint keeps every other entry before it), so
-- normally that is this entry alone; an earlier entry is rewritten only when its stored
-- figures are stale (written under another threshold, or never allocated).
CREATE FUNCTION payclock_clock_out(
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
  week_start := payclock_workweek_start(open_entry.clock_in, who.timezone);
  -- 8 days after Sunday 00:00 is Monday of the next week whatever the DST shifts.
  next_week := payclock_workweek_start(week_start + interval '8 days', who.timezone);
  SELECT coalesce(array_agg(a.id), '{}'), coalesce(array_agg(a.pay_period_id), '{}'), coalesce(array_agg(a.worked_seconds), '{}'),
         coalesce(array_agg(a.total_hours), '{}'), coalesce(array_agg(a.regular_hours), '{}'), coalesce(array_agg(a.overtime_hours), '{}')
    INTO ids, periods, worked, totals, regulars, overtimes
    FROM payclock_week_allocation(p_employee, week_start, next_week, round(who.overtime_threshold * 3600)::bigint,
                                  open_entry.id, payclock_worked_seconds(open_entry.clock_in, p_at, break_taken)) a
   WHERE a.changed;
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
