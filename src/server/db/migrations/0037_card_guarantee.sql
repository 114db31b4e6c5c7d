CREATE TABLE "card_guarantees" (
	"reservation_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"payment_method_ref" text NOT NULL,
	"card_label" text,
	"amount_per_person_cents" integer NOT NULL,
	"free_cancellation_hours" integer NOT NULL,
	"state" text DEFAULT 'saved' NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"detached_at" timestamp with time zone,
	CONSTRAINT "card_guarantees_state" CHECK (state in ('saved', 'released'))
);
--> statement-breakpoint
CREATE TABLE "guarantee_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'opening' NOT NULL,
	"request" jsonb,
	"reservation_id" uuid,
	"reservation_date" date NOT NULL,
	"reservation_time" time(0) NOT NULL,
	"number_of_people" integer NOT NULL,
	"amount_per_person_cents" integer NOT NULL,
	"free_cancellation_hours" integer NOT NULL,
	"customer_ref" text,
	"checkout_ref" text,
	"hold_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "guarantee_holds_kind" CHECK (kind in ('booking', 'reservation')),
	CONSTRAINT "guarantee_holds_status" CHECK (status in ('opening', 'open', 'completed', 'expired', 'cancelled', 'failed', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"people" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_ref" text,
	"refunded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_charges_status" CHECK (status in ('processing', 'succeeded', 'requires_authorization', 'failed')),
	CONSTRAINT "payment_charges_amount" CHECK ("payment_charges"."amount_cents" > 0 and "payment_charges"."refunded_cents" between 0 and "payment_charges"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"secret_key_ciphertext" text NOT NULL,
	"webhook_secret_ciphertext" text,
	"livemode" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_singleton" CHECK ("payment_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "sensitive_changes" DROP CONSTRAINT "sensitive_changes_action";--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "card_guarantee" jsonb DEFAULT '{"enabled":false,"fromPeople":6,"windows":[],"dates":[],"amountPerPersonCents":2000,"freeCancellationHours":24,"holdMinutes":15}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "card_guarantees" ADD CONSTRAINT "card_guarantees_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_holds" ADD CONSTRAINT "guarantee_holds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guarantee_holds_open_idx" ON "guarantee_holds" USING btree ("reservation_date") WHERE status in ('opening', 'open');--> statement-breakpoint
CREATE INDEX "guarantee_holds_reservation_idx" ON "guarantee_holds" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_live_key" ON "payment_charges" USING btree ("reservation_id") WHERE status <> 'failed';--> statement-breakpoint
CREATE INDEX "payment_charges_reservation_idx" ON "payment_charges" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "sensitive_changes" ADD CONSTRAINT "sensitive_changes_action" CHECK (action in ('mail_settings_saved', 'mail_settings_removed', 'settings_changed', 'mail_change_notice_failed', 'two_step_enabled', 'two_step_disabled', 'recovery_codes_renewed', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'session_ended', 'other_sessions_ended', 'second_factor_requirement_changed', 'backup_downloaded', 'payment_settings_saved', 'payment_settings_removed'));