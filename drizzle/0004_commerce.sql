CREATE TABLE "cart_items" (
	"cart_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"licence" text DEFAULT 'single' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cart_id_material_id_pk" PRIMARY KEY("cart_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"world" text NOT NULL,
	"token_hash" text,
	"user_id" integer,
	"voucher_code" text,
	"credits_requested_minor" integer,
	"restore_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"user_id" integer NOT NULL,
	"world" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" integer DEFAULT 0 NOT NULL,
	"had_credits" boolean DEFAULT false NOT NULL,
	CONSTRAINT "credit_balances_user_id_world_pk" PRIMARY KEY("user_id","world"),
	CONSTRAINT "credit_balances_not_negative" CHECK ("credit_balances"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"world" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"cancels_invoice_id" integer,
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"document" jsonb NOT NULL,
	"total_minor" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_item_id" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "material_file_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"storage_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"title" text NOT NULL,
	"licence" text NOT NULL,
	"in_bundle" boolean DEFAULT false NOT NULL,
	"unit_gross_minor" integer NOT NULL,
	"charged_gross_minor" integer NOT NULL,
	"voucher_discount_minor" integer NOT NULL,
	"credit_used_minor" integer NOT NULL,
	"payable_gross_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"net_minor" integer NOT NULL,
	"seller_share_basis_points" integer NOT NULL,
	"seller_share_minor" integer NOT NULL,
	"platform_share_minor" integer NOT NULL,
	"seller_active_paid_materials" integer NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"world" text NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"idempotency_key" text NOT NULL,
	"original_minor" integer NOT NULL,
	"voucher_discount_minor" integer NOT NULL,
	"credits_used_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_kind" text NOT NULL,
	"vat_country" text NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"buyer_vat_id" text,
	"billing_address" jsonb NOT NULL,
	"voucher_id" integer,
	"voucher_code" text,
	"delivery_consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "stamped_copies" (
	"licence_id" integer NOT NULL,
	"file_version_id" integer NOT NULL,
	"licence_kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamped_copies_licence_id_file_version_id_licence_kind_pk" PRIMARY KEY("licence_id","file_version_id","licence_kind")
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"country" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "vat_rates_country_valid_from_pk" PRIMARY KEY("country","valid_from")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"world" text NOT NULL,
	"kind" text NOT NULL,
	"percent_basis_points" integer,
	"amount_minor" integer,
	"currency" text NOT NULL,
	"minimum_order_minor" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"max_redemptions_per_user" integer DEFAULT 1 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_within_limit" CHECK ("vouchers"."max_redemptions" IS NULL OR "vouchers"."redemptions" <= "vouchers"."max_redemptions")
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "school_price_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_file_versions" ADD CONSTRAINT "material_file_versions_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_file_version_id_material_file_versions_id_fk" FOREIGN KEY ("file_version_id") REFERENCES "public"."material_file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_token_world" ON "carts" USING btree ("token_hash","world");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_world" ON "carts" USING btree ("user_id","world");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_restore_token" ON "carts" USING btree ("restore_token_hash");--> statement-breakpoint
CREATE INDEX "credit_entries_user" ON "credit_entries" USING btree ("user_id","world","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence" ON "invoices" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_user" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licences_user_material" ON "licences" USING btree ("user_id","material_id");--> statement-breakpoint
CREATE INDEX "licences_material" ON "licences" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_file_versions_material" ON "material_file_versions" USING btree ("material_id","version");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_seller" ON "order_items" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_reference" ON "orders" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code" ON "vouchers" USING btree ("code");