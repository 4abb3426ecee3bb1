CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_key_idx" ON "jobs" USING btree ("key") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("updated_at") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE FUNCTION "jobs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered when the transaction commits (once per transaction): committing wakes the runners.
  PERFORM pg_notify('jobs', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_insert" AFTER INSERT ON "jobs" FOR EACH ROW EXECUTE FUNCTION "jobs_notify"();--> statement-breakpoint
CREATE TRIGGER "jobs_notify_retry" AFTER UPDATE ON "jobs" FOR EACH ROW WHEN (NEW.status = 'queued' AND OLD.status = 'failed') EXECUTE FUNCTION "jobs_notify"();--> statement-breakpoint
INSERT INTO "jobs" ("name", "payload", "key", "attempts", "max_attempts", "run_at", "last_error")
  SELECT 'send-mail', jsonb_build_object('mailId', "id"), 'send-mail:' || "id", least("attempts", 4), 5, "next_attempt_at", "last_error"
  FROM "mail_outbox" WHERE "status" = 'pending';--> statement-breakpoint
INSERT INTO "jobs" ("name", "payload", "key", "attempts", "max_attempts", "run_at", "last_error")
  SELECT 'register-domain', jsonb_build_object('orderId', "id"), 'register-domain:' || "id", least("attempts", 4), 5, "next_attempt_at", "last_error"
  FROM "domain_orders" WHERE "status" IN ('paid', 'registering');--> statement-breakpoint
INSERT INTO "jobs" ("name", "payload", "key", "max_attempts")
  SELECT 'check-itn', jsonb_build_object('itnId', "id"), 'check-itn:' || "id", 30
  FROM "payfast_itns" WHERE "accepted" IS NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "domain_orders" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "payfast_itns" DROP COLUMN "claimed_at";