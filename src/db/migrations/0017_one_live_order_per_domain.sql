ALTER TABLE "domain_orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "pending_step" jsonb;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "refund_due_cents" integer;--> statement-breakpoint
UPDATE "domain_orders" SET "held_until" = "created_at" + interval '30 minutes' WHERE "status" = 'pending_payment';--> statement-breakpoint
-- Names sold more than once before this migration: the registered (else the first paid) order
-- keeps the name; the others fail and are owed a refund, or are released when unpaid.
WITH "ranked" AS (
  SELECT "id", "status", row_number() OVER (
    PARTITION BY "domain"
    ORDER BY array_position(ARRAY['active', 'registering', 'paid', 'pending_payment'], "status"), "created_at", "id"
  ) AS "n"
  FROM "domain_orders"
  WHERE "status" IN ('pending_payment', 'paid', 'registering', 'active')
), "moved" AS (
  UPDATE "domain_orders" AS "d"
  SET "status" = CASE WHEN "r"."status" = 'pending_payment' THEN 'released' ELSE 'failed' END,
      "refund_due_cents" = CASE WHEN "r"."status" = 'pending_payment' THEN NULL ELSE "d"."price_cents" END,
      "last_error" = 'Another order holds this name',
      "updated_at" = now()
  FROM "ranked" AS "r"
  WHERE "r"."id" = "d"."id" AND "r"."n" > 1
  RETURNING "d"."id", "r"."status" AS "from_status", "d"."status" AS "to_status"
)
INSERT INTO "domain_order_events" ("order_id", "from_status", "to_status", "note")
SELECT "id", "from_status", "to_status",
  CASE WHEN "to_status" = 'released' THEN 'Another order holds this name: released (one name, one owner)'
       ELSE 'Another order holds this name: refund due (one name, one owner)' END
FROM "moved";--> statement-breakpoint
CREATE UNIQUE INDEX "domain_orders_live_name_idx" ON "domain_orders" USING btree ("domain") WHERE status in ('pending_payment', 'paid', 'registering', 'active');