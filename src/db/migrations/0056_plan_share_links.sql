ALTER TABLE "business_plans" ADD COLUMN "share_token_hash" text;--> statement-breakpoint
ALTER TABLE "business_plans" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_plans" ADD CONSTRAINT "business_plans_share_token_hash_unique" UNIQUE("share_token_hash");