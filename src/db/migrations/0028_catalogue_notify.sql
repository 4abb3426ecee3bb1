-- Every process keeps the catalogue and the TLD price list in memory; a change to them tells
-- them all (NOTIFY catalogue, delivered on commit) to read them again.
CREATE OR REPLACE FUNCTION notify_catalogue() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER services_notify_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER service_packages_notify_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_packages" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER service_add_ons_notify_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_add_ons" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER tlds_notify_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tlds" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue();
