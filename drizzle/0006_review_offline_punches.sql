CREATE TABLE "employee_timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pay_period_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'NOT_SUBMITTED' NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"decided_at" timestamp (3) with time zone,
	"decided_by" uuid,
	"rejection_reason" varchar(2000),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_timesheets_status_check" CHECK (status in ('NOT_SUBMITTED', 'SUBMITTED', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "clock_in_recorded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "clock_out_recorded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "employee_timesheets" ADD CONSTRAINT "employee_timesheets_pay_period_id_pay_periods_id_fk" FOREIGN KEY ("pay_period_id") REFERENCES "public"."pay_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_timesheets" ADD CONSTRAINT "employee_timesheets_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_timesheets" ADD CONSTRAINT "employee_timesheets_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_timesheets_period_employee_key" ON "employee_timesheets" USING btree ("pay_period_id","employee_id");--> statement-breakpoint
CREATE INDEX "employee_timesheets_employee_idx" ON "employee_timesheets" USING btree ("employee_id");--> statement-breakpoint
-- Entries made before punches were recorded separately arrived when they say they did.
UPDATE "time_entries" SET "clock_in_recorded_at" = "clock_in", "clock_out_recorded_at" = "clock_out";
