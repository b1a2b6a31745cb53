-- The workweek start of 0009, corrected for a fall-back that crosses midnight (docs/time-rules.md
-- §3). St. John's fell back at 00:01 until 2011: Sunday began, and a minute later the clock read
-- Saturday 23:01 again. That repeated Saturday time comes after the week's first 00:00, so the
-- new week holds it; 0009 went by the local date alone and gave it the week before, whose end
-- comes before it. src/domain/workweek.ts is corrected the same way, and
-- test/timesheet/punch-sql.test.ts compares the two over such years.
--
-- The first instant of local day `wall` (0009's body, unchanged): the earlier reading wins when
-- local midnight repeats, the transition when it is skipped.
CREATE FUNCTION payclock_local_day_start(wall timestamp, tz text) RETURNS timestamptz
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
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
-- Only a time that reads Saturday can come after the next Sunday's start, so only then is the
-- next start computed as well (over 355,000 instants of 2003-2027 this costs the same as 0009's
-- function, within the noise of three runs).
CREATE OR REPLACE FUNCTION payclock_workweek_start(instant timestamptz, tz text) RETURNS timestamptz
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
  local_time timestamp := instant AT TIME ZONE tz;
  sunday timestamp := (local_time::date - extract(dow FROM local_time)::int)::timestamp;
  next_start timestamptz;
BEGIN
  IF local_time >= sunday + interval '6 days' THEN
    next_start := payclock_local_day_start(sunday + interval '7 days', tz);
    IF instant >= next_start THEN
      RETURN next_start;
    END IF;
  END IF;
  RETURN payclock_local_day_start(sunday, tz);
END
$$;
