-- The batched clock out looks up each punch's open entry by its employee, one lookup per punch
-- (docs/architecture.md §3, "Coalesced punches").
--
-- 0010-0015 joined the punches to `time_entries` on `employee_id = … AND clock_out IS NULL`,
-- and the planner may run that join from either side. On a database never analyzed (PGlite
-- until the service's first check, src/db/statistics.ts; PostgreSQL until autovacuum's first
-- ANALYZE) it counted on one open entry, so it read every open entry of every organization
-- through the open-entry index and compared each with every punch of the batch. A batch of 64
-- clock outs took 26 ms on PGlite with no other entry open, 321 ms with 1,000 and 1,053 ms with
-- 4,000; on PostgreSQL 19, 180 and 589 ms. With this lookup: 9, 32 and 8 ms on PGlite, 5, 18
-- and 4 ms on PostgreSQL (at 1,000, the UPDATE planned while the table was small read all of
-- it). BENCHMARKS.md, "Plans made on a fresh database".
--
-- A lateral subquery with LIMIT 1 cannot be merged into the join, so every plan runs it once
-- per punch, keyed on the punch's employee; there is at most one open entry per employee
-- (time_entries_one_open_per_employee), so LIMIT 1 drops nothing. The function is otherwise
-- 0015's, restated whole (CREATE OR REPLACE).
CREATE OR REPLACE FUNCTION payclock_clock_out_batch(p_punches json)
RETURNS TABLE (n bigint, outcome text, caller json, entry time_entries, alone boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ids uuid[];
  periods uuid[];
  clock_outs timestamptz[];
  recorded timestamptz[];
  breaks int[];
  note_values varchar[];
  ips varchar[];
  worked_values int[];
  totals numeric[];
  regulars numeric[];
  overtimes numeric[];
  closed_ids uuid[];
  -- The rows the UPDATE closed, as it returned them, and their employees: what follows reads
  -- them from here, not from time_entries again (0010 looked them up by id, and a plan kept
  -- for the session while the table was small read the whole table every time).
  closed_rows time_entries[];
  closed_employees uuid[];
  employee_ids uuid[];
  week_starts timestamptz[];
  week_ends timestamptz[];
  zones text[];
  thresholds bigint[];
  clock_ins timestamptz[];
  week_worked bigint[];
  fallback record;
BEGIN
  -- Every punch's employee row, the lock each correction takes first (0008), in id order so
  -- that two writers locking several employees cannot wait for each other in a circle.
  PERFORM 1 FROM employees e
   WHERE e.id IN (SELECT (x.item ->> 'employee_id')::uuid FROM json_array_elements(p_punches) AS x(item))
   ORDER BY e.id
     FOR UPDATE OF e;

  -- With a fresh snapshot (plpgsql's next query): the plain punches and their figures. A plain
  -- punch's caller may act, it has an open entry, none of the refusals applies, and the earlier
  -- entries of its week already hold the figures the allocation gives them (0009), so only its
  -- own split is computed, from the sum of their worked seconds.
  WITH p AS (
    SELECT a.n, r.*
      FROM json_array_elements(p_punches) WITH ORDINALITY AS a(item, n)
     CROSS JOIN LATERAL json_to_record(a.item) AS r(employee_id uuid, token_hash text, issued_at_ms float8, at timestamptz,
                                                   recorded_at timestamptz, break_minutes int, notes varchar, ip varchar)
  ), plain AS MATERIALIZED (
    -- MATERIALIZED: each row's figures are computed once, so the arithmetic helpers below see
    -- plain values and are inlined (as an expression their argument would be computed again).
    SELECT p.*, o.id AS entry_id, o.pay_period_id, coalesce(p.break_minutes, o.break_minutes) AS break_taken,
           payclock_worked_seconds(o.clock_in, p.at, coalesce(p.break_minutes, o.break_minutes)) AS closing_worked,
           w.threshold_seconds, w.timezone, o.clock_in, ws.week_start, ws.week_end, wk.stale,
           coalesce(wr.worked_seconds, wk.earlier_worked) AS earlier_worked
      FROM p
      JOIN LATERAL (
        SELECT round(org.overtime_threshold * 3600)::bigint AS threshold_seconds, org.timezone
          FROM employees e JOIN companies c ON c.id = e.company_id JOIN bookkeeper_orgs org ON org.id = c.bookkeeper_org_id
         WHERE e.id = p.employee_id AND e.active AND c.active AND org.active
           AND p.issued_at_ms >= (extract(epoch FROM e.credentials_changed_at) * 1000)::float8
           AND NOT EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = p.token_hash)) w ON true
      -- The punch's open entry, looked up by its employee. LIMIT 1 (there is at most one) keeps
      -- this a lookup per punch: as a plain join it was planned, on a database never analyzed,
      -- as one read of every open entry in the database, each compared with every punch (64
      -- clock outs with 4,000 other entries open: 589 ms, and 4.4 ms as a lookup).
      CROSS JOIN LATERAL (
        SELECT o.id, o.pay_period_id, o.break_minutes, o.clock_in
          FROM time_entries o
         WHERE o.employee_id = p.employee_id AND o.clock_out IS NULL
         LIMIT 1) o
      -- The week's running total, when one is kept for the week of this entry, under this zone
      -- and threshold, through an earlier entry (the open entry is the employee's latest: the
      -- exclusion constraint keeps every other entry before it, so nothing lies in between).
      LEFT JOIN week_running_totals wr ON wr.employee_id = p.employee_id AND wr.timezone = w.timezone
           AND wr.threshold_seconds = w.threshold_seconds AND wr.through_clock_in < o.clock_in AND o.clock_in < wr.week_end
      -- The workweek's bounds are computed only when no total is kept (two plpgsql calls each).
     CROSS JOIN LATERAL (
        SELECT coalesce(wr.week_start, payclock_workweek_start(o.clock_in, w.timezone)) AS week_start,
               -- 8 days after Sunday 00:00 is Monday of the next week whatever the DST shifts (0009).
               coalesce(wr.week_end, payclock_workweek_start(payclock_workweek_start(o.clock_in, w.timezone) + interval '8 days', w.timezone)) AS week_end) ws
      -- Otherwise the week's earlier entries are read, as 0010 did (no row is read when one is kept).
     CROSS JOIN LATERAL (
        SELECT coalesce(bool_or(e.stale), false) AS stale, coalesce(sum(e.w), 0)::bigint AS earlier_worked
          FROM (SELECT s.w, s.w IS NULL OR s.total_hours IS NULL OR s.regular_hours IS NULL OR s.overtime_hours IS NULL
                       OR s.total_hours * 100 <> payclock_hundredths(s.w) OR s.regular_hours * 100 <> payclock_hundredths(s.r)
                       OR s.overtime_hours * 100 <> payclock_hundredths(s.w) - payclock_hundredths(s.r) AS stale
                  FROM (SELECT t.worked_seconds::bigint AS w, t.total_hours, t.regular_hours, t.overtime_hours,
                               least(t.worked_seconds::bigint, greatest(w.threshold_seconds - coalesce(sum(t.worked_seconds::bigint)
                                 OVER (ORDER BY t.clock_in, t.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint, 0)) AS r
                          FROM time_entries t
                         WHERE wr.employee_id IS NULL
                           AND t.employee_id = p.employee_id AND t.clock_in >= ws.week_start
                           AND t.clock_in < o.clock_in AND t.clock_out IS NOT NULL) s) e) wk
     WHERE p.at >= o.clock_in
       AND coalesce(p.break_minutes, o.break_minutes)::bigint * 60000 <= floor(extract(epoch FROM p.at) * 1000) - floor(extract(epoch FROM o.clock_in) * 1000)
  ), figures AS (
    SELECT plain.*, least(closing_worked, greatest(threshold_seconds - earlier_worked, 0)) AS closing_regular
      FROM plain
     WHERE NOT stale
  )
  SELECT array_agg(f.entry_id), array_agg(f.pay_period_id), array_agg(f.at), array_agg(f.recorded_at), array_agg(f.break_taken),
         array_agg(f.notes), array_agg(f.ip), array_agg(f.closing_worked::int),
         array_agg(payclock_hundredths(f.closing_worked) / 100.0), array_agg(payclock_hundredths(f.closing_regular) / 100.0),
         array_agg((payclock_hundredths(f.closing_worked) - payclock_hundredths(f.closing_regular)) / 100.0),
         array_agg(f.employee_id), array_agg(f.week_start), array_agg(f.week_end), array_agg(f.timezone), array_agg(f.threshold_seconds),
         array_agg(f.clock_in), array_agg(f.earlier_worked + f.closing_worked)
    INTO ids, periods, clock_outs, recorded, breaks, note_values, ips, worked_values, totals, regulars, overtimes,
         employee_ids, week_starts, week_ends, zones, thresholds, clock_ins, week_worked
    FROM figures f;

  IF ids IS NOT NULL THEN
    -- Nothing in a locked period changes (docs/time-rules.md §11): KEY SHARE keeps these periods
    -- from being locked before this commits, and the update's fresh snapshot sees one locked
    -- meanwhile; its punch is then left to the single call, which refuses it.
    PERFORM 1 FROM pay_periods pp WHERE pp.id = ANY (periods) FOR KEY SHARE;
    -- This UPDATE's closes are written to the running totals below, so its trigger leaves them
    -- in place (payclock_forget_week_totals_moved); off again before anything else writes.
    PERFORM set_config('payclock.batch_keeps_week_totals', 'on', true);
    WITH closed AS (
      UPDATE time_entries t
         SET clock_out = v.clock_out, clock_out_recorded_at = v.recorded, break_minutes = v.break_taken,
             notes = coalesce(v.notes, t.notes), clock_out_ip = v.ip,
             worked_seconds = v.worked, total_hours = v.total, regular_hours = v.regular, overtime_hours = v.overtime,
             updated_at = now()
        FROM unnest(ids, clock_outs, recorded, breaks, note_values, ips, worked_values, totals, regulars, overtimes)
             AS v(id, clock_out, recorded, break_taken, notes, ip, worked, total, regular, overtime)
       -- Each entry by its primary key. Still open is checked as num_nulls, which the planner
       -- cannot match to the open-entry index's `clock_out IS NULL`. With that index in reach, a
       -- plan made while few entries were open (and kept for the session while a shift clocked
       -- in) read every open entry in the database, of every organization, and compared each with
       -- every punch of the batch: 64 clock outs took 200 ms instead of 14 once 5,000 entries were
       -- open, and 3.3 ms of a 7.7 ms update with only the batch's own 64 open.
       WHERE t.id = v.id AND num_nulls(t.clock_out) = 1
         AND NOT EXISTS (SELECT 1 FROM pay_periods pp WHERE pp.id = t.pay_period_id AND pp.locked)
      RETURNING t AS entry
    )
    SELECT array_agg(closed.entry), array_agg((closed.entry).id), array_agg((closed.entry).employee_id)
      INTO closed_rows, closed_ids, closed_employees
      FROM closed;
    PERFORM set_config('payclock.batch_keeps_week_totals', 'off', true);
  END IF;

  -- The closed punches, with their caller rows as the single call reports them.
  RETURN QUERY
  SELECT a.n, 'closed'::text, row_to_json(who), t, false
    FROM json_array_elements(p_punches) WITH ORDINALITY AS a(item, n)
    JOIN unnest(coalesce(closed_rows, '{}')) t ON t.employee_id = (a.item ->> 'employee_id')::uuid
    CROSS JOIN LATERAL (
      SELECT e.id, e.active, (extract(epoch FROM e.credentials_changed_at) * 1000)::float8 AS credentials_changed_ms,
             e.company_id, c.active AS company_active, c.bookkeeper_org_id, o.active AS org_active,
             o.timezone, o.overtime_threshold, o.overtime_multiplier, false AS token_revoked
        FROM employees e JOIN companies c ON c.id = e.company_id JOIN bookkeeper_orgs o ON o.id = c.bookkeeper_org_id
       WHERE e.id = t.employee_id) who;

  -- Every other punch, alone (its employee's lock is already held).
  FOR fallback IN
    SELECT a.n, r.*
      FROM json_array_elements(p_punches) WITH ORDINALITY AS a(item, n)
     CROSS JOIN LATERAL json_to_record(a.item) AS r(employee_id uuid, token_hash text, issued_at_ms float8, at timestamptz,
                                                   recorded_at timestamptz, break_minutes int, notes varchar, ip varchar)
     WHERE NOT r.employee_id = ANY (coalesce(closed_employees, '{}'))
  LOOP
    RETURN QUERY
    SELECT fallback.n, s.outcome, s.caller, s.entry, true
      FROM payclock_clock_out(fallback.employee_id, fallback.token_hash, fallback.issued_at_ms, fallback.at, fallback.recorded_at,
                              fallback.break_minutes, fallback.notes, fallback.ip, false) s;
  END LOOP;

  -- Last, so that the single calls' writes to time_entries (whose triggers delete the rows of
  -- their employees) come before: the running total of each week this batch closed an entry
  -- of, through that entry, updated in place where one is kept. Every one of these employees is
  -- still locked by this transaction.
  IF closed_ids IS NOT NULL THEN
    INSERT INTO week_running_totals AS wr (employee_id, week_start, week_end, timezone, threshold_seconds, through_clock_in, worked_seconds)
    SELECT v.employee_id, v.week_start, v.week_end, v.timezone, v.threshold_seconds, v.clock_in, v.worked
      FROM unnest(ids, employee_ids, week_starts, week_ends, zones, thresholds, clock_ins, week_worked)
           AS v(id, employee_id, week_start, week_end, timezone, threshold_seconds, clock_in, worked)
     WHERE v.id = ANY (closed_ids)
    ON CONFLICT (employee_id) DO UPDATE
       SET week_start = excluded.week_start, week_end = excluded.week_end, timezone = excluded.timezone, threshold_seconds = excluded.threshold_seconds,
           through_clock_in = excluded.through_clock_in, worked_seconds = excluded.worked_seconds;
  END IF;
END
$$;
