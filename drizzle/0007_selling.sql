ALTER TABLE "material_file_versions" ADD COLUMN "page_count" smallint;--> statement-breakpoint
ALTER TABLE "material_file_versions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_file_versions" ADD COLUMN "change_note" text;--> statement-breakpoint
ALTER TABLE "material_previews" ADD COLUMN "page" smallint;--> statement-breakpoint
ALTER TABLE "material_previews" ADD COLUMN "shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "preview_status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "preview_pages_done" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "preview_pages_total" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "preview_error" text;--> statement-breakpoint
CREATE INDEX "materials_author_status" ON "materials" USING btree ("author_id","status","updated_at");