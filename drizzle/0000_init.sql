CREATE TABLE "author_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"world" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "author_follows" (
	"follower_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "author_follows_follower_id_author_id_pk" PRIMARY KEY("follower_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "author_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"subtitle" text,
	"description" text,
	"facebook_profile" text,
	"instagram_profile" text,
	"pinterest_profile" text,
	"private_profile" boolean DEFAULT false NOT NULL,
	"profile_background_data" jsonb,
	"profile_background_path" text,
	"teachable_certified" boolean DEFAULT false NOT NULL,
	"followers_number" integer DEFAULT 0 NOT NULL,
	"following_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"world" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_items" (
	"bundle_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_material_id_pk" PRIMARY KEY("bundle_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"level" smallint NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"intro" text NOT NULL,
	"subject_id" integer
);
--> statement-breakpoint
CREATE TABLE "material_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"storage_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_grades" (
	"material_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	CONSTRAINT "material_grades_material_id_grade_id_pk" PRIMARY KEY("material_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "material_keywords" (
	"material_id" integer NOT NULL,
	"keyword_id" integer NOT NULL,
	CONSTRAINT "material_keywords_material_id_keyword_id_pk" PRIMARY KEY("material_id","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "material_learning_years" (
	"material_id" integer NOT NULL,
	"learning_year_id" integer NOT NULL,
	CONSTRAINT "material_learning_years_material_id_learning_year_id_pk" PRIMARY KEY("material_id","learning_year_id")
);
--> statement-breakpoint
CREATE TABLE "material_lessons" (
	"material_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	CONSTRAINT "material_lessons_material_id_lesson_id_pk" PRIMARY KEY("material_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "material_material_types" (
	"material_id" integer NOT NULL,
	"material_type_id" integer NOT NULL,
	CONSTRAINT "material_material_types_material_id_material_type_id_pk" PRIMARY KEY("material_id","material_type_id")
);
--> statement-breakpoint
CREATE TABLE "material_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_school_types" (
	"material_id" integer NOT NULL,
	"school_type" text NOT NULL,
	CONSTRAINT "material_school_types_material_id_school_type_pk" PRIMARY KEY("material_id","school_type")
);
--> statement-breakpoint
CREATE TABLE "material_schools" (
	"material_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "material_schools_material_id_school_id_pk" PRIMARY KEY("material_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "material_subjects" (
	"material_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "material_subjects_material_id_subject_id_pk" PRIMARY KEY("material_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "material_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"sale_price_cents" integer,
	"sale_ends_at" timestamp with time zone,
	"has_fixed_price" boolean DEFAULT false NOT NULL,
	"is_bundle" boolean DEFAULT false NOT NULL,
	"is_standalone_interactive" boolean DEFAULT false NOT NULL,
	"is_bundle_interactive" boolean DEFAULT false NOT NULL,
	"interactive_id" integer,
	"best_in_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pages" smallint DEFAULT 1 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"school_type" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_seller" boolean DEFAULT false NOT NULL,
	"became_seller_at" timestamp with time zone,
	"world" text DEFAULT 'de' NOT NULL,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"public_name" text NOT NULL,
	"user_name" text,
	"image_path" text,
	"creation_source" text DEFAULT 'web' NOT NULL,
	"double_opt_in" boolean DEFAULT false NOT NULL,
	"school_id" integer,
	"school_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "author_domains" ADD CONSTRAINT "author_domains_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_follows" ADD CONSTRAINT "author_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_follows" ADD CONSTRAINT "author_follows_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_profiles" ADD CONSTRAINT "author_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_materials_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_files" ADD CONSTRAINT "material_files_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_grades" ADD CONSTRAINT "material_grades_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_grades" ADD CONSTRAINT "material_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_keywords" ADD CONSTRAINT "material_keywords_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_keywords" ADD CONSTRAINT "material_keywords_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_learning_years" ADD CONSTRAINT "material_learning_years_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_learning_years" ADD CONSTRAINT "material_learning_years_learning_year_id_learning_years_id_fk" FOREIGN KEY ("learning_year_id") REFERENCES "public"."learning_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_lessons" ADD CONSTRAINT "material_lessons_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_lessons" ADD CONSTRAINT "material_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_material_types" ADD CONSTRAINT "material_material_types_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_material_types" ADD CONSTRAINT "material_material_types_material_type_id_material_types_id_fk" FOREIGN KEY ("material_type_id") REFERENCES "public"."material_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_previews" ADD CONSTRAINT "material_previews_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_school_types" ADD CONSTRAINT "material_school_types_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_schools" ADD CONSTRAINT "material_schools_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_schools" ADD CONSTRAINT "material_schools_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_subjects" ADD CONSTRAINT "material_subjects_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_subjects" ADD CONSTRAINT "material_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_follows_author" ON "author_follows" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "blog_posts_author" ON "blog_posts" USING btree ("author_id","published_at");--> statement-breakpoint
CREATE INDEX "bundle_items_material" ON "bundle_items" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_world_level" ON "grades" USING btree ("world","level");--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_world_slug" ON "keywords" USING btree ("world","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_years_world_position" ON "learning_years" USING btree ("world","position");--> statement-breakpoint
CREATE INDEX "lessons_world" ON "lessons" USING btree ("world");--> statement-breakpoint
CREATE INDEX "material_files_material" ON "material_files" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "material_grades_grade" ON "material_grades" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "material_keywords_keyword" ON "material_keywords" USING btree ("keyword_id");--> statement-breakpoint
CREATE INDEX "material_ly_ly" ON "material_learning_years" USING btree ("learning_year_id");--> statement-breakpoint
CREATE INDEX "material_lessons_lesson" ON "material_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "material_mt_mt" ON "material_material_types" USING btree ("material_type_id");--> statement-breakpoint
CREATE INDEX "material_previews_material" ON "material_previews" USING btree ("material_id","position");--> statement-breakpoint
CREATE INDEX "material_st_st" ON "material_school_types" USING btree ("school_type");--> statement-breakpoint
CREATE INDEX "material_schools_school" ON "material_schools" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "material_subjects_subject" ON "material_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_types_world_key" ON "material_types" USING btree ("world","key");--> statement-breakpoint
CREATE INDEX "materials_world_created" ON "materials" USING btree ("world","created_at");--> statement-breakpoint
CREATE INDEX "materials_world_sales" ON "materials" USING btree ("world","sales_count");--> statement-breakpoint
CREATE INDEX "materials_author" ON "materials" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "schools_world" ON "schools" USING btree ("world");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_world_key" ON "subjects" USING btree ("world","key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");