CREATE TABLE "setup_codes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_codes_single_row" CHECK (id = 1)
);
