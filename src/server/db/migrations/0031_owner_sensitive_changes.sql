CREATE TABLE "sensitive_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_email" text,
	"ip_address" text,
	"action" text NOT NULL,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"detail" text,
	CONSTRAINT "sensitive_changes_action" CHECK (action in ('mail_settings_saved', 'mail_settings_removed', 'settings_changed', 'mail_change_notice_failed'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sensitive_changes_at_idx" ON "sensitive_changes" USING btree ("at" DESC NULLS LAST);