CREATE TABLE "local_registrar_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"ttl" integer NOT NULL,
	"priority" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_registrar_records" ADD CONSTRAINT "local_registrar_records_domain_local_registrar_domains_domain_fk" FOREIGN KEY ("domain") REFERENCES "public"."local_registrar_domains"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_registrar_records_domain_idx" ON "local_registrar_records" USING btree ("domain");