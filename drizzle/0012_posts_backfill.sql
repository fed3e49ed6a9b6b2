-- Posts written before drafts existed were created and last changed when published.
UPDATE "blog_posts" SET "created_at" = "published_at", "updated_at" = "published_at" WHERE "published_at" IS NOT NULL;
