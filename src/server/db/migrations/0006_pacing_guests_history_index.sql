CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"phone" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_identified" CHECK ("guests"."email" is not null or "guests"."phone" is not null),
	CONSTRAINT "guests_note_length" CHECK (char_length(note) <= 1000)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "max_covers_per_slot" integer;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "max_covers_per_day" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "guests_email_key" ON "guests" USING btree ("email") WHERE email is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guests_phone_key" ON "guests" USING btree ("phone") WHERE phone is not null;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_time_id_idx" ON "reservations" USING btree ("reservation_time","id");--> statement-breakpoint
CREATE INDEX "reservations_guest_id_idx" ON "reservations" USING btree ("guest_id","reservation_date");--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_max_covers_per_slot" CHECK (max_covers_per_slot between 1 and 500);--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_max_covers_per_day" CHECK (max_covers_per_day between 1 and 5000);