CREATE TABLE "privacy_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"guest_id" uuid,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "privacy_events_action" CHECK (action in ('export', 'erasure', 'retention'))
);
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_phone_given";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "privacy_events_at_idx" ON "privacy_events" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_phone_given" CHECK ("reservations"."customer_phone" is not null or "reservations"."source" = 'walk_in' or "reservations"."erased_at" is not null);