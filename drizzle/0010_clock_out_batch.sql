-- Many clock outs in one call (docs/architecture.md §3, "Coalesced punches"): the per-punch
-- function's statements (lock, caller, open entry, week, period lock, update) run once for the
-- whole batch instead of once per punch. Every punch that is not the plain case (a caller who
-- may not act, no open entry, a refusal, a week with stale figures, a locked period) is handed
-- to payclock_clock_out (0008, 0009) on its own, so its outcome is exactly the single call's.
-- `alone` tells which punches went to the single call. Live punches only: an offline punch is
-- never batched (src/modules/timesheet/punch-writer.ts).
CREATE FUNCTION payclock_clock_out_batch(p_punches json)
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
  ), plain AS (
    SELECT p.*, o.id AS entry_id, o.pay_period_id, coalesce(p.break_minutes, o.break_minutes) AS break_taken,
           payclock_worked_seconds(o.clock_in, p.at, coalesce(p.break_minutes, o.break_minutes)) AS closing_worked,
           w.threshold_seconds, wk.stale, wk.earlier_worked
      FROM p
      JOIN LATERAL (
        SELECT round(org.overtime_threshold * 3600)::bigint AS threshold_seconds, org.timezone
          FROM employees e JOIN companies c ON c.id = e.company_id JOIN bookkeeper_orgs org ON org.id = c.bookkeeper_org_id
         WHERE e.id = p.employee_id AND e.active AND c.active AND org.active
           AND p.issued_at_ms >= (extract(epoch FROM e.credentials_changed_at) * 1000)::float8
           AND NOT EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = p.token_hash)) w ON true
      JOIN time_entries o ON o.employee_id = p.employee_id AND o.clock_out IS NULL
     CROSS JOIN LATERAL (
        SELECT coalesce(bool_or(e.stale), false) AS stale, coalesce(sum(e.w), 0)::bigint AS earlier_worked
          FROM (SELECT s.w, s.w IS NULL OR s.total_hours IS NULL OR s.regular_hours IS NULL OR s.overtime_hours IS NULL
                       OR s.total_hours * 100 <> payclock_hundredths(s.w) OR s.regular_hours * 100 <> payclock_hundredths(s.r)
                       OR s.overtime_hours * 100 <> payclock_hundredths(s.w) - payclock_hundredths(s.r) AS stale
                  FROM (SELECT t.worked_seconds::bigint AS w, t.total_hours, t.regular_hours, t.overtime_hours,
                               least(t.worked_seconds::bigint, greatest(w.threshold_seconds - coalesce(sum(t.worked_seconds::bigint)
                                 OVER (ORDER BY t.clock_in, t.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint, 0)) AS r
                          FROM time_entries t
                         WHERE t.employee_id = p.employee_id AND t.clock_in >= payclock_workweek_start(o.clock_in, w.timezone)
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
         array_agg((payclock_hundredths(f.closing_worked) - payclock_hundredths(f.closing_regular)) / 100.0)
    INTO ids, periods, clock_outs, recorded, breaks, note_values, ips, worked_values, totals, regulars, overtimes
    FROM figures f;

  IF ids IS NOT NULL THEN
    -- Nothing in a locked period changes (docs/time-rules.md §11): KEY SHARE keeps these periods
    -- from being locked before this commits, and the update's fresh snapshot sees one locked
    -- meanwhile; its punch is then left to the single call, which refuses it.
    PERFORM 1 FROM pay_periods pp WHERE pp.id = ANY (periods) FOR KEY SHARE;
    WITH closed AS (
      UPDATE time_entries t
         SET clock_out = v.clock_out, clock_out_recorded_at = v.recorded, break_minutes = v.break_taken,
             notes = coalesce(v.notes, t.notes), clock_out_ip = v.ip,
             worked_seconds = v.worked, total_hours = v.total, regular_hours = v.regular, overtime_hours = v.overtime,
             updated_at = now()
        FROM unnest(ids, clock_outs, recorded, breaks, note_values, ips, worked_values, totals, regulars, overtimes)
             AS v(id, clock_out, recorded, break_taken, notes, ip, worked, total, regular, overtime)
       WHERE t.id = v.id AND t.clock_out IS NULL
         AND NOT EXISTS (SELECT 1 FROM pay_periods pp WHERE pp.id = t.pay_period_id AND pp.locked)
      RETURNING t.id
    )
    SELECT array_agg(closed.id) INTO closed_ids FROM closed;
  END IF;

  -- The closed punches, with their caller rows as the single call reports them.
  RETURN QUERY
  SELECT a.n, 'closed'::text, row_to_json(who), t, false
    FROM json_array_elements(p_punches) WITH ORDINALITY AS a(item, n)
    JOIN time_entries t ON t.id = ANY (coalesce(closed_ids, '{}')) AND t.employee_id = (a.item ->> 'employee_id')::uuid
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
     WHERE NOT EXISTS (SELECT 1 FROM time_entries t WHERE t.id = ANY (coalesce(closed_ids, '{}')) AND t.employee_id = r.employee_id)
  LOOP
    RETURN QUERY
    SELECT fallback.n, s.outcome, s.caller, s.entry, true
      FROM payclock_clock_out(fallback.employee_id, fallback.token_hash, fallback.issued_at_ms, fallback.at, fallback.recorded_at,
                              fallback.break_minutes, fallback.notes, fallback.ip, false) s;
  END LOOP;
END
$$;
