ALTER TABLE "team_events" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "privacy_events" ADD COLUMN "ip_address" text;