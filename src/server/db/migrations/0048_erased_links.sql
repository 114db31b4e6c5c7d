CREATE TABLE "erased_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
