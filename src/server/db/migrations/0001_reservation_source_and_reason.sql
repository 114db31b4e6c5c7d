ALTER TABLE "reservations" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "source" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_source" CHECK (source in ('public', 'admin'));