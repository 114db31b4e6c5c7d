CREATE TABLE "policy_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"body" text NOT NULL,
	"body_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consentimientos" ADD COLUMN "policy_version_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_label_language_key" ON "policy_versions" USING btree ("label","language");--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_policy_version_id_policy_versions_id_fk" FOREIGN KEY ("policy_version_id") REFERENCES "public"."policy_versions"("id") ON DELETE no action ON UPDATE no action;