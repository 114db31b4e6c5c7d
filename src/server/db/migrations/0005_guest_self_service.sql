CREATE TABLE "guest_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "previous_reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "guest_cancel_limit_hours" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "guest_access_tokens" ADD CONSTRAINT "guest_access_tokens_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_access_tokens_reservation_id_idx" ON "guest_access_tokens" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_previous_reservation_id_reservations_id_fk" FOREIGN KEY ("previous_reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by" CHECK (cancelled_by in ('guest', 'staff'));--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_guest_cancel_limit" CHECK (guest_cancel_limit_hours between 0 and 72);