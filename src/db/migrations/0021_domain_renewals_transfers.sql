DROP INDEX "domain_orders_live_name_idx";--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "kind" text DEFAULT 'registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "renews_order_id" uuid;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "auth_code" text;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_renews_order_id_domain_orders_id_fk" FOREIGN KEY ("renews_order_id") REFERENCES "public"."domain_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_orders_renews_idx" ON "domain_orders" USING btree ("renews_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_orders_live_name_idx" ON "domain_orders" USING btree ("domain") WHERE status in ('pending_payment', 'paid', 'registering', 'active') and kind <> 'renewal';--> statement-breakpoint
-- Domains already active get the renewal invoice of their current expiry, as new ones do.
INSERT INTO "jobs" ("name", "payload", "key", "run_at", "max_attempts")
SELECT 'domain-renewal-invoice',
  jsonb_build_object('orderId', "id", 'expiresAt', to_char("expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  'domain-renewal-invoice:' || "id" || ':' || to_char("expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  greatest(now(), "expires_at" - interval '14 days'),
  5
FROM "domain_orders"
WHERE "status" = 'active' AND "expires_at" > now();
