ALTER TABLE "reservations" DROP CONSTRAINT "reservations_source";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "customer_phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_phone_given" CHECK ("reservations"."customer_phone" is not null or "reservations"."source" = 'walk_in');--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_source" CHECK (source in ('public', 'admin', 'walk_in'));