ALTER TABLE "consentimientos" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "template_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_language" CHECK (language in ('es', 'en', 'ca', 'fr', 'de', 'it'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_language" CHECK (language in ('es', 'en', 'ca', 'fr', 'de', 'it'));--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_language" CHECK (language in ('es', 'en', 'ca', 'fr', 'de', 'it'));