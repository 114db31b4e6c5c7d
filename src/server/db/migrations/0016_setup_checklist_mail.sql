CREATE TABLE "mail_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"username" text,
	"password_ciphertext" text,
	"sender" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_singleton" CHECK ("mail_settings"."id" = 1),
	CONSTRAINT "mail_settings_port" CHECK ("mail_settings"."port" between 1 and 65535)
);
--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "legal_nif" text;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "legal_email" text;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "setup_skipped_steps" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "setup_checklist_hidden" boolean DEFAULT false NOT NULL;