CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account_lockouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"failed_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consentimientos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cliente_email" text NOT NULL,
	"version_politica" text NOT NULL,
	"aceptado" boolean NOT NULL,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consentimientos_aceptado" CHECK ("consentimientos"."aceptado")
);
--> statement-breakpoint
CREATE TABLE "cookie_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consent_type" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"consent_version" text NOT NULL,
	"legal_text" text NOT NULL,
	"preferences" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_reservation_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pause_date" date NOT NULL,
	"start_time" time(0) NOT NULL,
	"end_time" time(0) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_reservation_pauses_window" CHECK ("daily_reservation_pauses"."start_time" < "daily_reservation_pauses"."end_time")
);
--> statement-breakpoint
CREATE TABLE "date_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exception_date" date NOT NULL,
	"is_closed" boolean DEFAULT true NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"reservation_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_name" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"claimed_by" text NOT NULL,
	CONSTRAINT "job_runs_job_name_scheduled_for_pk" PRIMARY KEY("job_name","scheduled_for")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"attempt_time" timestamp with time zone DEFAULT now() NOT NULL,
	"success" boolean NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "monday_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exception_date" date NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"reason" text DEFAULT 'Habilitado manualmente',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monday_exceptions_is_monday" CHECK (extract(isodow from "monday_exceptions"."exception_date") = 1)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"push_notifications_enabled" boolean DEFAULT false NOT NULL,
	"email_notifications_enabled" boolean DEFAULT true NOT NULL,
	"reminder_notifications_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_singleton" CHECK ("notification_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "operating_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day_of_week" integer NOT NULL,
	"is_open" boolean NOT NULL,
	"open_time" time(0) NOT NULL,
	"close_time" time(0) NOT NULL,
	"break_start_time" time(0),
	"break_end_time" time(0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operating_hours_day" CHECK ("operating_hours"."day_of_week" between 0 and 6),
	CONSTRAINT "operating_hours_monday_closed" CHECK ("operating_hours"."day_of_week" <> 1 or not "operating_hours"."is_open"),
	CONSTRAINT "operating_hours_open_before_close" CHECK ("operating_hours"."open_time" < "operating_hours"."close_time"),
	CONSTRAINT "operating_hours_break" CHECK (("operating_hours"."break_start_time" is null) = ("operating_hours"."break_end_time" is null) and ("operating_hours"."break_start_time" is null or "operating_hours"."break_start_time" < "operating_hours"."break_end_time"))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reservas_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"context" text NOT NULL,
	"reservation_id" uuid,
	"cliente_email" text,
	"error_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text,
	"number_of_people" integer NOT NULL,
	"reservation_date" date NOT NULL,
	"reservation_time" time(0) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"arrival_status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status" CHECK (status in ('pending', 'confirmed', 'cancelled', 'completed')),
	CONSTRAINT "reservations_arrival_status" CHECK (arrival_status in ('pending', 'arrived', 'no_show', 'delayed')),
	CONSTRAINT "reservations_people" CHECK ("reservations"."number_of_people" between 1 and 30),
	CONSTRAINT "reservations_email_lower" CHECK ("reservations"."customer_email" = lower("reservations"."customer_email")),
	CONSTRAINT "reservations_name_length" CHECK (char_length("reservations"."customer_name") between 2 and 100),
	CONSTRAINT "reservations_phone_length" CHECK (char_length("reservations"."customer_phone") between 8 and 20),
	CONSTRAINT "reservations_email_length" CHECK (char_length("reservations"."customer_email") <= 255)
);
--> statement-breakpoint
CREATE TABLE "restaurant_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"brand_color" text NOT NULL,
	"welcome_message" text NOT NULL,
	"confirmation_message" text NOT NULL,
	"auto_confirmation_message" text NOT NULL,
	"reminder_24h_enabled" boolean NOT NULL,
	"reminder_24h_message" text NOT NULL,
	"reminder_2h_enabled" boolean NOT NULL,
	"reminder_2h_message" text NOT NULL,
	"cancellation_message" text NOT NULL,
	"cancellation_policy" text NOT NULL,
	"reservation_duration_minutes" integer NOT NULL,
	"auto_confirmation_enabled" boolean NOT NULL,
	"reservations_paused" boolean NOT NULL,
	"admin_email" text,
	"additional_report_email" text,
	"daily_report_enabled" boolean NOT NULL,
	"daily_report_time" time(0) NOT NULL,
	"daily_report_timezone" text NOT NULL,
	"onesignal_app_id" text,
	"logo_url" text,
	"opening_time" time(0) NOT NULL,
	"closing_time" time(0) NOT NULL,
	"welcome_email_enabled" boolean NOT NULL,
	"welcome_email_message" text NOT NULL,
	"welcome_email_subject" text NOT NULL,
	"reminder_24h_subject" text NOT NULL,
	"reminder_2h_subject" text NOT NULL,
	"cancellation_subject" text NOT NULL,
	"contact_phone_1" text,
	"contact_phone_2" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_config_singleton" CHECK ("restaurant_config"."id" = 1),
	CONSTRAINT "restaurant_config_brand_color" CHECK ("restaurant_config"."brand_color" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "restaurant_config_duration" CHECK ("restaurant_config"."reservation_duration_minutes" in (30, 60, 90, 120)),
	CONSTRAINT "restaurant_config_hours" CHECK ("restaurant_config"."opening_time" < "restaurant_config"."closing_time")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_number" integer NOT NULL,
	"name" text NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"position_x" double precision NOT NULL,
	"position_y" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"shape" text DEFAULT 'square' NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tables_seats" CHECK ("tables"."seats" between 1 and 8),
	CONSTRAINT "tables_shape" CHECK (shape in ('square', 'circle')),
	CONSTRAINT "tables_rotation" CHECK ("tables"."rotation" between 0 and 360),
	CONSTRAINT "tables_name" CHECK (char_length(btrim("tables"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "time_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"start_time" time(0) NOT NULL,
	"end_time" time(0) NOT NULL,
	"reason" text,
	"is_blocked" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_blocks_window" CHECK ("time_blocks"."start_time" < "time_blocks"."end_time")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role" CHECK (role in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_lockouts_email_key" ON "account_lockouts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "account_lockouts_created_at_idx" ON "account_lockouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "consentimientos_email_idx" ON "consentimientos" USING btree ("cliente_email");--> statement-breakpoint
CREATE INDEX "consentimientos_reservation_id_idx" ON "consentimientos" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "cookie_consents_created_at_idx" ON "cookie_consents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reservation_pauses_date_key" ON "daily_reservation_pauses" USING btree ("pause_date");--> statement-breakpoint
CREATE UNIQUE INDEX "date_exceptions_closed_date_key" ON "date_exceptions" USING btree ("exception_date") WHERE is_closed;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "email_outbox_reservation_id_idx" ON "email_outbox" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "login_attempts_time_idx" ON "login_attempts" USING btree ("attempt_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_attempts_email_time_idx" ON "login_attempts" USING btree ("email","attempt_time");--> statement-breakpoint
CREATE UNIQUE INDEX "monday_exceptions_date_key" ON "monday_exceptions" USING btree ("exception_date");--> statement-breakpoint
CREATE UNIQUE INDEX "operating_hours_day_key" ON "operating_hours" USING btree ("day_of_week");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservations_date_time_idx" ON "reservations" USING btree ("reservation_date","reservation_time");--> statement-breakpoint
CREATE INDEX "reservations_pending_idx" ON "reservations" USING btree ("reservation_date","reservation_time") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "reservations_email_date_idx" ON "reservations" USING btree ("customer_email","reservation_date");--> statement-breakpoint
CREATE INDEX "reservations_created_at_idx" ON "reservations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reservations_name_idx" ON "reservations" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "reservations_name_trgm_idx" ON "reservations" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservations_email_trgm_idx" ON "reservations" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservations_phone_trgm_idx" ON "reservations" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tables_number_key" ON "tables" USING btree ("table_number");--> statement-breakpoint
CREATE INDEX "time_blocks_date_idx" ON "time_blocks" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");