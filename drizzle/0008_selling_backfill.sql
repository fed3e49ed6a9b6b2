-- Everything uploaded before sellers could stage files and drafts was released when created.
UPDATE "material_file_versions" SET "published_at" = "created_at" WHERE "published_at" IS NULL;--> statement-breakpoint
UPDATE "materials" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;
