ALTER TABLE "material_previews" ADD COLUMN "public_path" text;--> statement-breakpoint
-- Until the preview sweep (lib/selling/preview-publishing.ts) moves them, shown pages stay public
-- where they were; pages not shown have no public copy from now on.
UPDATE "material_previews" SET "public_path" = "storage_path" WHERE "shown";
