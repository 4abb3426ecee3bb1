CREATE TABLE "registration_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"order_item_id" uuid,
	"user_id" uuid,
	"package_id" text,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"proposed_names" jsonb NOT NULL,
	"approved_name" text,
	"stages" jsonb NOT NULL,
	"done" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_cases_reference_unique" UNIQUE("reference"),
	CONSTRAINT "registration_cases_order_item_id_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "registration_case_id" uuid;--> statement-breakpoint
ALTER TABLE "registration_cases" ADD CONSTRAINT "registration_cases_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_cases" ADD CONSTRAINT "registration_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_cases_user_idx" ON "registration_cases" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "registration_cases_board_idx" ON "registration_cases" USING btree ("completed_at","created_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_registration_case_id_registration_cases_id_fk" FOREIGN KEY ("registration_case_id") REFERENCES "public"."registration_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_registration_case_idx" ON "uploads" USING btree ("registration_case_id","created_at");