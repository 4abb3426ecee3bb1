ALTER TABLE "payfast_itns" ALTER COLUMN "accepted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payfast_itns" ALTER COLUMN "reason" SET DEFAULT 'received, not checked yet';--> statement-breakpoint
ALTER TABLE "payfast_itns" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payfast_itns" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payfast_itns_unchecked_idx" ON "payfast_itns" USING btree ("id") WHERE accepted is null;