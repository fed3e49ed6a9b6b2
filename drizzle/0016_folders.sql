CREATE TABLE "folder_materials" (
	"folder_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_materials_folder_id_material_id_pk" PRIMARY KEY("folder_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"folder_type" text NOT NULL,
	"title" text NOT NULL,
	"parent_id" integer,
	"is_archive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_type" CHECK ("folders"."folder_type" IN ('purchased', 'own', 'favorite')),
	CONSTRAINT "folders_not_own_parent" CHECK ("folders"."parent_id" IS NULL OR "folders"."parent_id" <> "folders"."id")
);
--> statement-breakpoint
ALTER TABLE "folder_materials" ADD CONSTRAINT "folder_materials_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_materials" ADD CONSTRAINT "folder_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_materials_material" ON "folder_materials" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "folders_user_type" ON "folders" USING btree ("user_id","folder_type","parent_id");--> statement-breakpoint
CREATE INDEX "folders_parent" ON "folders" USING btree ("parent_id");