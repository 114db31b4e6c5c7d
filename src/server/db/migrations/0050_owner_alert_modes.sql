CREATE TABLE "pending_request_alerts" (
	"reservation_id" uuid PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "new_request_email_mode" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_request_alerts" ADD CONSTRAINT "pending_request_alerts_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_new_request_email_mode" CHECK (new_request_email_mode in ('each', 'hourly', 'daily'));