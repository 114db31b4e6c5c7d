CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_name_length" CHECK (char_length(name) between 1 and 60),
	CONSTRAINT "api_keys_scopes" CHECK (cardinality(scopes) between 1 and 4 and scopes <@ array['lectura', 'reservas', 'mesas', 'clientes']::text[])
);
--> statement-breakpoint
ALTER TABLE "sensitive_changes" DROP CONSTRAINT "sensitive_changes_action";--> statement-breakpoint
ALTER TABLE "reservation_changes" DROP CONSTRAINT "reservation_changes_actor";--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD COLUMN "api_key_name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_created_at_idx" ON "api_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_changes" ADD CONSTRAINT "sensitive_changes_action" CHECK (action in ('mail_settings_saved', 'mail_settings_removed', 'settings_changed', 'mail_change_notice_failed', 'two_step_enabled', 'two_step_disabled', 'recovery_codes_renewed', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'session_ended', 'other_sessions_ended', 'second_factor_requirement_changed', 'backup_downloaded', 'payment_settings_saved', 'payment_settings_removed', 'messaging_settings_saved', 'messaging_settings_removed', 'api_key_created', 'api_key_revoked'));--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_actor" CHECK (actor in ('staff', 'guest', 'api_key'));