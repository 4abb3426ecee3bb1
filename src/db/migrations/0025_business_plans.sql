CREATE TABLE "business_plan_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"section" text NOT NULL,
	"admin_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"sections" jsonb NOT NULL,
	"assumptions" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_item_id" uuid,
	"package_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_plans_order_item_id_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
ALTER TABLE "business_plan_comments" ADD CONSTRAINT "business_plan_comments_plan_id_business_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."business_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plan_comments" ADD CONSTRAINT "business_plan_comments_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plans" ADD CONSTRAINT "business_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plans" ADD CONSTRAINT "business_plans_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_plan_comments_plan_idx" ON "business_plan_comments" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "business_plans_user_idx" ON "business_plans" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "business_plans_status_idx" ON "business_plans" USING btree ("status","updated_at");