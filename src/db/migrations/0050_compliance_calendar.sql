CREATE TABLE "compliance_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration_number" text NOT NULL,
	"registered_on" date NOT NULL,
	"year_end_month" integer DEFAULT 2 NOT NULL,
	"vat_category" text,
	"bbbee_affidavit_on" date,
	"source" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_companies_user_number_key" UNIQUE("user_id","registration_number")
);
--> statement-breakpoint
CREATE TABLE "compliance_item_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_item_events_once_key" UNIQUE("company_id","item_key","kind")
);
--> statement-breakpoint
CREATE TABLE "compliance_ownership_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"changed_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_companies" ADD CONSTRAINT "compliance_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_item_events" ADD CONSTRAINT "compliance_item_events_company_id_compliance_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."compliance_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_ownership_changes" ADD CONSTRAINT "compliance_ownership_changes_company_id_compliance_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."compliance_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_companies_user_idx" ON "compliance_companies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_ownership_changes_company_idx" ON "compliance_ownership_changes" USING btree ("company_id");