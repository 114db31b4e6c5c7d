CREATE TABLE "import_guest_merges" (
	"import_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"note" text,
	"tags" text[] NOT NULL,
	"allergens" text[] NOT NULL,
	CONSTRAINT "import_guest_merges_import_id_guest_id_pk" PRIMARY KEY("import_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_kind" CHECK (kind in ('guests', 'reservations'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"garbled" boolean DEFAULT false NOT NULL,
	"headers" text[] NOT NULL,
	"row_count" integer NOT NULL,
	"rows" jsonb,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"kind" text,
	"mapping" jsonb,
	"lawful_basis" text,
	"notify_guests" boolean DEFAULT false NOT NULL,
	"checked_rows" jsonb,
	"checked_counts" jsonb,
	"next_row" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"create":0,"merge":0,"duplicate":0,"refused":0}'::jsonb NOT NULL,
	"listed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "imports_status" CHECK (status in ('uploaded', 'checked', 'queued', 'running', 'done', 'undone')),
	CONSTRAINT "imports_kind" CHECK (kind in ('guests', 'reservations')),
	CONSTRAINT "imports_lawful_basis" CHECK (lawful_basis in ('contract', 'legitimate_interest'))
);
--> statement-breakpoint
ALTER TABLE "sensitive_changes" DROP CONSTRAINT "sensitive_changes_action";--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "imported_basis" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "import_guest_merges" ADD CONSTRAINT "import_guest_merges_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_guest_merges" ADD CONSTRAINT "import_guest_merges_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_guest_merges_guest_idx" ON "import_guest_merges" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_name_key" ON "import_mappings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "imports_waiting_idx" ON "imports" USING btree ("created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guests_import_idx" ON "guests" USING btree ("import_id") WHERE import_id is not null;--> statement-breakpoint
CREATE INDEX "reservations_import_idx" ON "reservations" USING btree ("import_id") WHERE import_id is not null;--> statement-breakpoint
ALTER TABLE "sensitive_changes" ADD CONSTRAINT "sensitive_changes_action" CHECK (action in ('mail_settings_saved', 'mail_settings_removed', 'settings_changed', 'mail_change_notice_failed', 'two_step_enabled', 'two_step_disabled', 'recovery_codes_renewed', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'session_ended', 'other_sessions_ended', 'second_factor_requirement_changed', 'backup_downloaded', 'payment_settings_saved', 'payment_settings_removed', 'messaging_settings_saved', 'messaging_settings_removed', 'api_key_created', 'api_key_revoked', 'webhook_added', 'webhook_changed', 'webhook_removed', 'import_started', 'import_undone'));--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_imported_basis" CHECK (imported_basis in ('contract', 'legitimate_interest'));