CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" bigserial NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"customer_email" text,
	"number_of_people" integer NOT NULL,
	"reservation_date" date NOT NULL,
	"time_from" time(0) NOT NULL,
	"time_to" time(0),
	"quoted_wait_minutes" integer,
	"source" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status" CHECK (status in ('waiting', 'offered', 'booked', 'seated', 'removed', 'missed', 'expired')),
	CONSTRAINT "waitlist_entries_source" CHECK (source in ('staff', 'guest')),
	CONSTRAINT "waitlist_entries_people" CHECK (number_of_people between 1 and 100),
	CONSTRAINT "waitlist_entries_range" CHECK (time_to is null or time_to >= time_from)
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"reservation_date" date NOT NULL,
	"reservation_time" time(0) NOT NULL,
	"number_of_people" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"reservation_id" uuid,
	CONSTRAINT "waitlist_offers_status" CHECK (status in ('open', 'accepted', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"offer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_tokens" ADD CONSTRAINT "waitlist_tokens_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_tokens" ADD CONSTRAINT "waitlist_tokens_offer_id_waitlist_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."waitlist_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_date_idx" ON "waitlist_entries" USING btree ("reservation_date","status","position");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_email_slot_key" ON "waitlist_entries" USING btree ("customer_email","reservation_date","time_from") WHERE status in ('waiting', 'offered') and customer_email is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_entry_key" ON "waitlist_offers" USING btree ("entry_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_idx" ON "waitlist_offers" USING btree ("reservation_date") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "waitlist_tokens_entry_idx" ON "waitlist_tokens" USING btree ("entry_id");