CREATE TABLE "speed_report_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"user_id" uuid,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retest_until" timestamp with time zone NOT NULL,
	CONSTRAINT "speed_report_purchases_order_item_id_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
ALTER TABLE "speed_reports" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "speed_report_purchases" ADD CONSTRAINT "speed_report_purchases_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_report_purchases" ADD CONSTRAINT "speed_report_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speed_report_purchases_user_idx" ON "speed_report_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "speed_reports" ADD CONSTRAINT "speed_reports_purchase_id_speed_report_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."speed_report_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speed_reports_purchase_idx" ON "speed_reports" USING btree ("purchase_id","created_at");