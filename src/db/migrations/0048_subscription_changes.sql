CREATE TABLE "subscription_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"note" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_packages" ADD COLUMN "pausable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_from" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resumes_on" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_change" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "method_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payfast_simulator"."subscriptions" ADD COLUMN "paused_cycles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","at");--> statement-breakpoint
-- Bookkeeping pauses sensibly (a dormant or seasonal business); see decision 029.
UPDATE "service_packages" SET "pausable" = true WHERE "id" IN ('finance-bookkeeping', 'finance-bookkeeping-vat', 'finance-complete');
