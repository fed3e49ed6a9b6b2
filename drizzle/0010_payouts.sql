CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"seller_id" integer NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"world" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"sales_minor" integer NOT NULL,
	"refunds_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"storage_path" text
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"payout_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "payout_lines_payout_id_order_item_id_kind_pk" PRIMARY KEY("payout_id","order_item_id","kind"),
	CONSTRAINT "payout_lines_kind" CHECK ("payout_lines"."kind" IN ('sale', 'refund', 'carry'))
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"file_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payout_runs_period_format" CHECK ("payout_runs"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text NOT NULL,
	"credit_note_id" integer,
	"account_holder" text,
	"iban" text,
	"bic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" IN ('paid', 'carried_over', 'held_no_bank_details', 'held_unsupported_currency'))
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_series_sequence" ON "credit_notes" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_seller_period_currency" ON "credit_notes" USING btree ("seller_id","period","currency");--> statement-breakpoint
CREATE INDEX "credit_notes_seller" ON "credit_notes" USING btree ("seller_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_settled" ON "payout_lines" USING btree ("order_item_id","kind") WHERE "payout_lines"."kind" <> 'carry';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_period" ON "payout_runs" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_seller_currency" ON "payouts" USING btree ("run_id","seller_id","currency");--> statement-breakpoint
CREATE INDEX "payouts_seller" ON "payouts" USING btree ("seller_id","created_at");