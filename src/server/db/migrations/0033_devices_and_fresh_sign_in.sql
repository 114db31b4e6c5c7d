CREATE TABLE "sign_in_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"second_factor_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_policy_single_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "sessions" RENAME COLUMN "password_confirmed_at" TO "fresh_sign_in_at";--> statement-breakpoint
ALTER TABLE "sensitive_changes" DROP CONSTRAINT "sensitive_changes_action";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions" USING btree ("public_id");--> statement-breakpoint
ALTER TABLE "sensitive_changes" ADD CONSTRAINT "sensitive_changes_action" CHECK (action in ('mail_settings_saved', 'mail_settings_removed', 'settings_changed', 'mail_change_notice_failed', 'two_step_enabled', 'two_step_disabled', 'recovery_codes_renewed', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'session_ended', 'other_sessions_ended', 'second_factor_requirement_changed', 'backup_downloaded'));