CREATE TABLE "dunning_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"subscription_id" uuid,
	"order_id" uuid NOT NULL,
	"title" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"steps" jsonb NOT NULL,
	"suspended_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dunning_policies" (
	"kind" text PRIMARY KEY NOT NULL,
	"reminder_days" jsonb NOT NULL,
	"retry_days" jsonb NOT NULL,
	"grace_days" integer NOT NULL,
	"suspend_days" integer NOT NULL,
	"cancel_days" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dunning_policies_order_check" CHECK ("dunning_policies"."grace_days" >= 0 and "dunning_policies"."suspend_days" >= "dunning_policies"."grace_days" and "dunning_policies"."cancel_days" > "dunning_policies"."suspend_days")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dunning_cases" ADD CONSTRAINT "dunning_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_cases" ADD CONSTRAINT "dunning_cases_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_cases" ADD CONSTRAINT "dunning_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_cases_open_subscription_key" ON "dunning_cases" USING btree ("subscription_id") WHERE "dunning_cases"."status" = 'open' and "dunning_cases"."subscription_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_cases_open_order_key" ON "dunning_cases" USING btree ("order_id") WHERE "dunning_cases"."status" = 'open' and "dunning_cases"."subscription_id" is null;--> statement-breakpoint
CREATE INDEX "dunning_cases_status_idx" ON "dunning_cases" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "dunning_cases_user_idx" ON "dunning_cases" USING btree ("user_id","opened_at");