CREATE TABLE "author_domain_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"author_id" integer NOT NULL,
	"world" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "price_set" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "author_domain_claims" ADD CONSTRAINT "author_domain_claims_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "author_domain_claims_domain_author" ON "author_domain_claims" USING btree ("domain","author_id");