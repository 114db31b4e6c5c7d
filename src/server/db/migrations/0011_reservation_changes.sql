CREATE TABLE "reservation_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"user_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	CONSTRAINT "reservation_changes_actor" CHECK (actor in ('staff', 'guest')),
	CONSTRAINT "reservation_changes_action" CHECK (action in ('created', 'status', 'arrival'))
);
--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_changes_reservation_id_idx" ON "reservation_changes" USING btree ("reservation_id","at");