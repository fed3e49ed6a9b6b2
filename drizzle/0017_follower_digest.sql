CREATE TABLE "follower_digest_days" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "materials_published" ON "materials" USING btree ("published_at");