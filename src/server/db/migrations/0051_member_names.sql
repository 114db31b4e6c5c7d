ALTER TABLE "staff_invitations" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;