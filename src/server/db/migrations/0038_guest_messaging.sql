CREATE TABLE "guest_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"reservation_id" uuid,
	"waitlist_entry_id" uuid,
	"phone_e164" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"body" text NOT NULL,
	"content" jsonb,
	"link" jsonb,
	"fallback_email" jsonb,
	"fell_back_at" timestamp with time zone,
	"provider_message_id" text,
	"status" text NOT NULL,
	"status_at" timestamp with time zone,
	"meaning" text,
	"outcome" text,
	"in_reply_to" integer,
	"undo_group" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_messages_direction" CHECK (direction in ('out', 'in')),
	CONSTRAINT "guest_messages_channel" CHECK (channel in ('whatsapp', 'sms')),
	CONSTRAINT "guest_messages_status" CHECK (status in ('queued', 'sent', 'delivered', 'read', 'failed', 'received'))
);
--> statement-breakpoint
CREATE TABLE "messaging_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"phone_e164" text NOT NULL,
	"reservation_id" uuid,
	"waitlist_entry_id" uuid,
	"language" text DEFAULT 'es' NOT NULL,
	"consent_text" text NOT NULL,
	"text_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_consents_channel" CHECK (channel in ('whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "messaging_opt_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"phone_e164" text NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_opt_outs_channel" CHECK (channel in ('whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"whatsapp_enabled" boolean DEFAULT false NOT NULL,
	"whatsapp_phone_number_id" text,
	"whatsapp_access_token_ciphertext" text,
	"whatsapp_app_secret_ciphertext" text,
	"whatsapp_verify_token_ciphertext" text,
	"whatsapp_templates" jsonb,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"twilio_account_sid" text,
	"twilio_auth_token_ciphertext" text,
	"twilio_sender" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_settings_singleton" CHECK ("messaging_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "customer_phone_e164" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "messaging_channel" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guest_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "customer_phone_e164" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "messaging_channel" text;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_consents" ADD CONSTRAINT "messaging_consents_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_consents" ADD CONSTRAINT "messaging_consents_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_messages_due_idx" ON "guest_messages" USING btree ("next_attempt_at") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_messages_provider_id_key" ON "guest_messages" USING btree ("channel","provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
CREATE INDEX "guest_messages_reservation_idx" ON "guest_messages" USING btree ("reservation_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_messages_phone_idx" ON "guest_messages" USING btree ("phone_e164","created_at");--> statement-breakpoint
CREATE INDEX "guest_messages_undo_group_idx" ON "guest_messages" USING btree ("undo_group") WHERE undo_group is not null;--> statement-breakpoint
CREATE INDEX "messaging_consents_phone_idx" ON "messaging_consents" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "messaging_consents_reservation_idx" ON "messaging_consents" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "messaging_opt_outs_phone_idx" ON "messaging_opt_outs" USING btree ("phone_e164","channel");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_messaging_channel" CHECK (messaging_channel in ('whatsapp', 'sms'));--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_messaging_channel" CHECK (messaging_channel in ('whatsapp', 'sms'));