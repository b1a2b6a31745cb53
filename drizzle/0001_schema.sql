CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bookkeeper_org_id" uuid NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(255) NOT NULL,
	"last_name" varchar(255) NOT NULL,
	"role" varchar(16) DEFAULT 'ADMIN' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp (3) with time zone,
	"credentials_changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_role_check" CHECK (role in ('SUPER_ADMIN', 'ADMIN'))
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" varchar(64) NOT NULL,
	"actor_type" varchar(16),
	"actor_id" uuid,
	"bookkeeper_org_id" uuid,
	"entity_type" varchar(64),
	"entity_id" uuid,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"details" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookkeeper_orgs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"slug" varchar(255) NOT NULL,
	"email" varchar(255),
	"phone" varchar(255),
	"address" varchar(255),
	"city" varchar(255),
	"state" varchar(255),
	"zip_code" varchar(255),
	"country" varchar(255) DEFAULT 'USA' NOT NULL,
	"timezone" varchar(64) DEFAULT 'America/New_York' NOT NULL,
	"date_format" varchar(32) DEFAULT 'MM/DD/YYYY' NOT NULL,
	"overtime_threshold" numeric(6, 2) DEFAULT 40 NOT NULL,
	"overtime_multiplier" numeric(5, 2) DEFAULT 1.5 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookkeeper_orgs_overtime_threshold_check" CHECK ("bookkeeper_orgs"."overtime_threshold" >= 0),
	CONSTRAINT "bookkeeper_orgs_overtime_multiplier_check" CHECK ("bookkeeper_orgs"."overtime_multiplier" >= 1)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bookkeeper_org_id" uuid NOT NULL,
	"industry_id" uuid,
	"name" varchar(255) NOT NULL,
	"pay_period_type" varchar(16) DEFAULT 'BI_WEEKLY' NOT NULL,
	"email" varchar(255),
	"phone" varchar(255),
	"address" varchar(255),
	"city" varchar(255),
	"state" varchar(255),
	"zip_code" varchar(255),
	"active" boolean DEFAULT true NOT NULL,
	"qb_company_name" varchar(255),
	"qb_company_create_time" varchar(64),
	"qb_regular_payroll_item" varchar(255) DEFAULT 'Hourly Rate' NOT NULL,
	"qb_overtime_payroll_item" varchar(255) DEFAULT 'Overtime Rate' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_pay_period_type_check" CHECK (pay_period_type in ('WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY'))
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" varchar(255) NOT NULL,
	"last_name" varchar(255) NOT NULL,
	"email" varchar(255),
	"phone" varchar(32) NOT NULL,
	"pin_hash" text NOT NULL,
	"employee_number" varchar(255),
	"job_title" varchar(255),
	"pay_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pay_type" varchar(16) DEFAULT 'HOURLY' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"qb_name" varchar(255),
	"credentials_changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_pay_rate_check" CHECK ("employees"."pay_rate" >= 0),
	CONSTRAINT "employees_pay_type_check" CHECK (pay_type in ('HOURLY', 'SALARY'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"actor_id" uuid NOT NULL,
	"key" varchar(255) NOT NULL,
	"request_hash" varchar(128) NOT NULL,
	"status_code" integer,
	"response_body" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_actor_id_key_pk" PRIMARY KEY("actor_id","key")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" varchar(2000),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"period_type" varchar(16) NOT NULL,
	"start_date" timestamp (3) with time zone NOT NULL,
	"end_date" timestamp (3) with time zone NOT NULL,
	"pay_date" timestamp (3) with time zone,
	"status" varchar(16) DEFAULT 'OPEN' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"exported_by" varchar(255),
	"exported_at" timestamp (3) with time zone,
	"iif_filename" varchar(255),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_periods_period_type_check" CHECK (period_type in ('WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY')),
	CONSTRAINT "pay_periods_status_check" CHECK (status in ('OPEN', 'SUBMITTED', 'APPROVED', 'PAID', 'CLOSED')),
	CONSTRAINT "pay_periods_dates_check" CHECK ("pay_periods"."end_date" >= "pay_periods"."start_date")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"pay_period_id" uuid,
	"clock_in" timestamp (3) with time zone NOT NULL,
	"clock_out" timestamp (3) with time zone,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"worked_seconds" integer,
	"total_hours" numeric(10, 2),
	"regular_hours" numeric(10, 2),
	"overtime_hours" numeric(10, 2),
	"job_code" varchar(255),
	"task_code" varchar(255),
	"notes" varchar(2000),
	"clock_in_ip" varchar(255),
	"clock_out_ip" varchar(255),
	"clock_in_device" varchar(255),
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_break_minutes_check" CHECK ("time_entries"."break_minutes" >= 0),
	CONSTRAINT "time_entries_clock_order_check" CHECK ("time_entries"."clock_out" is null or "time_entries"."clock_out" >= "time_entries"."clock_in"),
	CONSTRAINT "time_entries_status_check" CHECK (status in ('PENDING', 'APPROVED')),
	CONSTRAINT "time_entries_hours_check" CHECK ("time_entries"."total_hours" is null or ("time_entries"."total_hours" >= 0 and "time_entries"."regular_hours" >= 0 and "time_entries"."overtime_hours" >= 0))
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_bookkeeper_org_id_bookkeeper_orgs_id_fk" FOREIGN KEY ("bookkeeper_org_id") REFERENCES "public"."bookkeeper_orgs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_bookkeeper_org_id_bookkeeper_orgs_id_fk" FOREIGN KEY ("bookkeeper_org_id") REFERENCES "public"."bookkeeper_orgs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_pay_period_id_pay_periods_id_fk" FOREIGN KEY ("pay_period_id") REFERENCES "public"."pay_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_lower_key" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "admin_users_org_idx" ON "admin_users" USING btree ("bookkeeper_org_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "audit_logs_org_created_idx" ON "audit_logs" USING btree ("bookkeeper_org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_actor_created_idx" ON "audit_logs" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_action_created_idx" ON "audit_logs" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bookkeeper_orgs_slug_key" ON "bookkeeper_orgs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "bookkeeper_orgs_name_idx" ON "bookkeeper_orgs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "bookkeeper_orgs_name_trgm_idx" ON "bookkeeper_orgs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_org_name_idx" ON "companies" USING btree ("bookkeeper_org_id","name");--> statement-breakpoint
CREATE INDEX "companies_industry_idx" ON "companies" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_phone_key" ON "employees" USING btree ("company_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_number_key" ON "employees" USING btree ("company_id","employee_number");--> statement-breakpoint
CREATE INDEX "employees_phone_idx" ON "employees" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "employees_company_name_idx" ON "employees" USING btree ("company_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin (("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("employee_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_lower_key" ON "industries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pay_periods_company_start_idx" ON "pay_periods" USING btree ("company_id","start_date" DESC NULLS LAST,"end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_open_per_employee" ON "time_entries" USING btree ("employee_id") WHERE "time_entries"."clock_out" is null;--> statement-breakpoint
CREATE INDEX "time_entries_employee_clock_in_idx" ON "time_entries" USING btree ("employee_id","clock_in");--> statement-breakpoint
CREATE INDEX "time_entries_pay_period_idx" ON "time_entries" USING btree ("pay_period_id","employee_id");--> statement-breakpoint
CREATE INDEX "time_entries_company_clock_in_idx" ON "time_entries" USING btree ("company_id","clock_in");