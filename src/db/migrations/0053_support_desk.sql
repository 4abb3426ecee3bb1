CREATE TABLE "support_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"department_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_department_staff" (
	"department_id" text NOT NULL,
	"admin_id" uuid NOT NULL,
	CONSTRAINT "support_department_staff_department_id_admin_id_pk" PRIMARY KEY("department_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "support_departments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"alert_new_ticket" boolean DEFAULT true NOT NULL,
	"alert_customer_reply" boolean DEFAULT true NOT NULL,
	"alert_breach" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "support_departments" ("id", "name") VALUES ('sales', 'Sales'), ('support', 'Support'), ('billing', 'Billing') ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "department_id" text DEFAULT 'support' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_response_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolution_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "close_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "support_tickets" SET "department_id" = 'billing' WHERE "category" = 'billing';--> statement-breakpoint
UPDATE "support_tickets" SET "department_id" = 'sales' WHERE "source" = 'contact_form' AND "category" <> 'billing';--> statement-breakpoint
ALTER TABLE "support_canned_replies" ADD CONSTRAINT "support_canned_replies_department_id_support_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."support_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_department_staff" ADD CONSTRAINT "support_department_staff_department_id_support_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."support_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_department_staff" ADD CONSTRAINT "support_department_staff_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_department_id_support_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."support_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_merged_into_id_support_tickets_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."support_tickets"("id") ON DELETE set null ON UPDATE no action;