CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"reservation_id" uuid,
	"test" boolean DEFAULT false NOT NULL,
	"last_status" integer,
	"last_duration_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"allow_local" boolean DEFAULT false NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_url_length" CHECK (char_length(url) between 1 and 2000),
	CONSTRAINT "webhook_endpoints_events" CHECK (cardinality(events) >= 1 and events <@ array['reservation.created', 'reservation.confirmed', 'reservation.changed', 'reservation.cancelled', 'reservation.seated', 'reservation.completed', 'reservation.no_show', 'waitlist.offered', 'waitlist.accepted', 'feedback.received']::text[])
);
--> statement-breakpoint
ALTER TABLE "sensitive_changes" DROP CONSTRAINT "sensitive_changes_action";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_id_key" ON "webhook_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_reservation_idx" ON "webhook_deliveries" USING btree ("reservation_id") WHERE reservation_id is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sensitive_changes" ADD CONSTRAINT "sensitive_changes_action" CHECK (action in ('mail_settings_saved', 'mail_settings_removed', 'settings_changed', 'mail_change_notice_failed', 'two_step_enabled', 'two_step_disabled', 'recovery_codes_renewed', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'session_ended', 'other_sessions_ended', 'second_factor_requirement_changed', 'backup_downloaded', 'payment_settings_saved', 'payment_settings_removed', 'messaging_settings_saved', 'messaging_settings_removed', 'api_key_created', 'api_key_revoked', 'webhook_added', 'webhook_changed', 'webhook_removed'));