CREATE TABLE "registrar_prices" (
	"tld" text PRIMARY KEY NOT NULL,
	"registration_cost_cents" integer NOT NULL,
	"renewal_cost_cents" integer NOT NULL,
	"transfer_cost_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"losing" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrar_prices" ADD CONSTRAINT "registrar_prices_tld_tlds_tld_fk" FOREIGN KEY ("tld") REFERENCES "public"."tlds"("tld") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Like the TLD table: a change tells every process to read the price list again (0028).
CREATE TRIGGER registrar_prices_notify_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "registrar_prices" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue();
