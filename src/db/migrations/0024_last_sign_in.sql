ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that existed before this column: their holders have been here before.
UPDATE "users" SET "last_sign_in_at" = "created_at";
