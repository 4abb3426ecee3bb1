CREATE TABLE "domain_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"domain" text NOT NULL,
	"years" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"price_cents" integer NOT NULL,
	"registrar_cost_cents" integer NOT NULL,
	"registrant" jsonb NOT NULL,
	"privacy" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"registrar" text NOT NULL,
	"registrar_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_registrar_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"registrant" jsonb NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"privacy" boolean DEFAULT false NOT NULL,
	"nameservers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tlds" (
	"tld" text PRIMARY KEY NOT NULL,
	"registration_cost_cents" integer NOT NULL,
	"renewal_cost_cents" integer NOT NULL,
	"transfer_cost_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_order_events" ADD CONSTRAINT "domain_order_events_order_id_domain_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."domain_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_orders_user_idx" ON "domain_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "domain_orders_status_idx" ON "domain_orders" USING btree ("status","created_at");