CREATE TABLE "compliance_filing_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"title" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"filed_at" timestamp with time zone,
	"filed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_filing_tasks_item_key" UNIQUE("company_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "compliance_plan_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"covered_from" date NOT NULL,
	"covered_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_plan_periods_order_item_id_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"covered_from" date NOT NULL,
	"covered_until" date NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"renewal_invoiced_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_plans_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
ALTER TABLE "compliance_filing_tasks" ADD CONSTRAINT "compliance_filing_tasks_plan_id_compliance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."compliance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_filing_tasks" ADD CONSTRAINT "compliance_filing_tasks_company_id_compliance_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."compliance_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_plan_periods" ADD CONSTRAINT "compliance_plan_periods_plan_id_compliance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."compliance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_plan_periods" ADD CONSTRAINT "compliance_plan_periods_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_plans" ADD CONSTRAINT "compliance_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_plans" ADD CONSTRAINT "compliance_plans_company_id_compliance_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."compliance_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_filing_tasks_open_idx" ON "compliance_filing_tasks" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "compliance_plans_user_idx" ON "compliance_plans" USING btree ("user_id");