CREATE TABLE "feedback_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"guest_id" uuid,
	"channel" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"token_hash" text,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"rating" smallint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_requests_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "feedback_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "feedback_requests_channel" CHECK (channel in ('email', 'whatsapp', 'sms')),
	CONSTRAINT "feedback_requests_language" CHECK (language in ('es', 'en', 'ca', 'fr', 'de', 'it')),
	CONSTRAINT "feedback_requests_rating" CHECK ("feedback_requests"."rating" between 1 and 5),
	CONSTRAINT "feedback_requests_comment" CHECK (char_length(comment) <= 2000),
	CONSTRAINT "feedback_requests_answer" CHECK (("feedback_requests"."answered_at" is null) = ("feedback_requests"."rating" is null))
);
--> statement-breakpoint
CREATE TABLE "guest_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kept_guest_id" uuid NOT NULL,
	"merged_guest_id" uuid NOT NULL,
	"merged_name" text,
	"merged_email" text,
	"merged_phone" text,
	"reservations_moved" integer NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"merged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "visits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "covers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "no_shows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "cancellations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "late_cancellations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "first_visit_on" date;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "last_visit_on" date;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "third_last_visit_on" date;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "spend_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "spend_visits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "bill_cents" integer;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "feedback_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "feedback_delay_hours" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "google_review_url" text;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_merges" ADD CONSTRAINT "guest_merges_kept_guest_id_guests_id_fk" FOREIGN KEY ("kept_guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_merges" ADD CONSTRAINT "guest_merges_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_requests_guest_idx" ON "feedback_requests" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "feedback_requests_answered_idx" ON "feedback_requests" USING btree ("answered_at") WHERE answered_at is not null;--> statement-breakpoint
CREATE INDEX "guest_merges_kept_idx" ON "guest_merges" USING btree ("kept_guest_id");--> statement-breakpoint
CREATE INDEX "guests_last_visit_idx" ON "guests" USING btree ("last_visit_on" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "guests_name_order_idx" ON "guests" USING btree (lower("name") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "guests_name_trgm_idx" ON "guests" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guests_email_trgm_idx" ON "guests" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guests_phone_digits_trgm_idx" ON "guests" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_bill_cents" CHECK (bill_cents between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_feedback_delay" CHECK (feedback_delay_hours between 1 and 72);--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_google_review_url" CHECK (char_length(google_review_url) <= 500);