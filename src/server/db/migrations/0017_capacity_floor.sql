CREATE TABLE "table_combination_tables" (
	"combination_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	CONSTRAINT "table_combination_tables_combination_id_table_id_pk" PRIMARY KEY("combination_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "table_combinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"min_party" integer NOT NULL,
	"max_party" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_combinations_party" CHECK ("table_combinations"."min_party" >= 1 and "table_combinations"."min_party" <= "table_combinations"."max_party")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"online_bookable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_name" CHECK (char_length(btrim("zones"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "capacity_mode" text DEFAULT 'covers' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "turn_minutes_up_to_2" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "turn_minutes_up_to_4" integer DEFAULT 105 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "turn_minutes_up_to_6" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD COLUMN "turn_minutes_more" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "zone_id" uuid;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "min_party" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "walk_in_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "table_combination_tables" ADD CONSTRAINT "table_combination_tables_combination_id_table_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."table_combinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combination_tables" ADD CONSTRAINT "table_combination_tables_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_combination_tables_table_idx" ON "table_combination_tables" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_name_key" ON "zones" USING btree ("name");--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_capacity_mode" CHECK (capacity_mode in ('covers', 'tables'));--> statement-breakpoint
ALTER TABLE "restaurant_config" ADD CONSTRAINT "restaurant_config_turn_minutes" CHECK (turn_minutes_up_to_2 between 30 and 360 and turn_minutes_up_to_4 between 30 and 360 and turn_minutes_up_to_6 between 30 and 360 and turn_minutes_more between 30 and 360);--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_min_party" CHECK ("tables"."min_party" between 1 and "tables"."seats");