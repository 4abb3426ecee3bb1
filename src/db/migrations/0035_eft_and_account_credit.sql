CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"created_by" text DEFAULT 'system' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "destination" text DEFAULT 'method' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "credit_entries_order_idx" ON "credit_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_order_idx" ON "uploads" USING btree ("order_id","created_at");--> statement-breakpoint
-- Overpayments kept before account credit existed become credit, less what was refunded of them.
INSERT INTO "credit_entries" ("user_id", "amount_cents", "kind", "description", "order_id", "payment_id", "created_at")
SELECT o."user_id", coalesce(p."gross_cents", p."amount_cents"), 'overpayment',
       'Overpayment ' || p."reference" || ' on order ' || o."reference", o."id", p."id", coalesce(p."paid_at", p."created_at")
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
WHERE p."overpayment" AND p."status" = 'paid' AND o."user_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "credit_entries" ("user_id", "amount_cents", "kind", "description", "order_id", "payment_id", "refund_id", "created_at")
SELECT o."user_id", -r."amount_cents", 'refund_paid',
       'Refund ' || r."reference" || ' of overpayment ' || p."reference", o."id", p."id", r."id", coalesce(r."completed_at", r."created_at")
FROM "refunds" r JOIN "payments" p ON p."id" = r."payment_id" JOIN "orders" o ON o."id" = p."order_id"
WHERE p."overpayment" AND r."status" = 'completed' AND o."user_id" IS NOT NULL;
