-- Constraints Drizzle cannot express, and the default industries.

-- CONTRACT §4: two pay periods of one company overlap when a.start <= b.end and b.start <= a.end,
-- i.e. closed ranges '[]'. The database decides, so concurrent creates cannot both succeed.
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_no_overlap"
  EXCLUDE USING gist ("company_id" WITH =, tstzrange("start_date", "end_date", '[]') WITH &&);
--> statement-breakpoint
-- CONTRACT §4: entries of one employee overlap when a.clockIn < b.clockOut and b.clockIn < a.clockOut,
-- an open entry running to infinity; entries that only touch do not overlap: half-open '[)'.
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("clock_in", coalesce("clock_out", 'infinity'::timestamptz), '[)') WITH &&);
--> statement-breakpoint
INSERT INTO "industries" ("name", "description") VALUES
  ('Accounting', 'Accounting, bookkeeping and tax services'),
  ('Agriculture', 'Farming, ranching, forestry and fishing'),
  ('Construction', 'Building, renovation and specialty trades'),
  ('Education', 'Schools, tutoring and training providers'),
  ('Healthcare', 'Clinics, practices, home care and other health services'),
  ('Hospitality', 'Hotels, lodging and event venues'),
  ('Information Technology', 'Software, IT services and consulting'),
  ('Legal Services', 'Law firms and legal support'),
  ('Manufacturing', 'Production and assembly of goods'),
  ('Nonprofit', 'Charities, associations and community organizations'),
  ('Professional Services', 'Consulting, marketing, design and other services'),
  ('Real Estate', 'Property management, brokerage and development'),
  ('Restaurants', 'Restaurants, cafes, bars and catering'),
  ('Retail', 'Stores and e-commerce'),
  ('Transportation', 'Trucking, delivery, logistics and warehousing'),
  ('Other', 'Businesses not listed elsewhere')
ON CONFLICT DO NOTHING;
