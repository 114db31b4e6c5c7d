ALTER TABLE "reservation_changes" DROP CONSTRAINT "reservation_changes_action";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "undo_group" uuid;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD COLUMN "undo_group" uuid;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD COLUMN "restore" jsonb;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_undo_group_idx" ON "email_outbox" USING btree ("undo_group") WHERE undo_group is not null;--> statement-breakpoint
CREATE INDEX "reservation_changes_undo_group_idx" ON "reservation_changes" USING btree ("undo_group") WHERE undo_group is not null;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_action" CHECK (action in ('created', 'status', 'arrival', 'edited', 'undone'));