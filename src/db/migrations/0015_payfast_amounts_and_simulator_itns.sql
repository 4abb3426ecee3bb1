CREATE TABLE "payfast_simulator_itns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pf_payment_id" text NOT NULL,
	"payment_reference" text,
	"param_string" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gross_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "net_cents" integer;--> statement-breakpoint
CREATE INDEX "payfast_simulator_itns_param_idx" ON "payfast_simulator_itns" USING btree (md5("param_string"));--> statement-breakpoint
-- Payments already paid: gross and net as the accepted ITN reported them.
UPDATE "payments" AS p SET
  "gross_cents" = (SELECT round((f->>1)::numeric * 100)::int FROM jsonb_array_elements(i."fields") AS f
                   WHERE f->>0 = 'amount_gross' AND f->>1 ~ '^-?[0-9]+(\.[0-9]{1,2})?$' LIMIT 1),
  "net_cents" = (SELECT round((f->>1)::numeric * 100)::int FROM jsonb_array_elements(i."fields") AS f
                 WHERE f->>0 = 'amount_net' AND f->>1 ~ '^-?[0-9]+(\.[0-9]{1,2})?$' LIMIT 1)
  FROM "payfast_itns" AS i
  WHERE i."accepted" AND i."pf_payment_id" = p."pf_payment_id";
