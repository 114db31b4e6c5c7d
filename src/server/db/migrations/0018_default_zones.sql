-- Issue 21: an install that has tables gets the default zones now, and its tables move into 'Sala'. A fresh or empty
-- database gets them from the seed instead, so a restore still starts from empty tables.
INSERT INTO "zones" ("name", "position") SELECT "name", "position" FROM (VALUES ('Sala', 0), ('Terraza', 1), ('Barra', 2)) AS defaults ("name", "position") WHERE EXISTS (SELECT 1 FROM "tables") ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
UPDATE "tables" SET "zone_id" = (SELECT "id" FROM "zones" WHERE "name" = 'Sala') WHERE "zone_id" IS NULL;
