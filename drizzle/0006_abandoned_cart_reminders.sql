ALTER TABLE "carts" ADD COLUMN "restore_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "restore_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "carts_signed_in_updated" ON "carts" USING btree ("updated_at") WHERE "carts"."user_id" IS NOT NULL;