CREATE TABLE "anonymous_subscriptions" (
	"token_id" integer NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anonymous_subscriptions_token_id_subject_type_subject_id_pk" PRIMARY KEY("token_id","subject_type","subject_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_material_id_pk" PRIMARY KEY("user_id","material_id")
);
--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "sign_up_token_id" integer;--> statement-breakpoint
ALTER TABLE "anonymous_subscriptions" ADD CONSTRAINT "anonymous_subscriptions_token_id_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_subscriptions_created" ON "anonymous_subscriptions" USING btree ("token_id","created_at");--> statement-breakpoint
CREATE INDEX "favourites_user_created" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourites_material" ON "favourites" USING btree ("material_id");--> statement-breakpoint
ALTER TABLE "account_states" ADD CONSTRAINT "account_states_sign_up_token_id_access_tokens_id_fk" FOREIGN KEY ("sign_up_token_id") REFERENCES "public"."access_tokens"("id") ON DELETE set null ON UPDATE no action;