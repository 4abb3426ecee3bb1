-- Payments name the method that took them and that method's own id of the charge (issue 26 §1):
-- PayFast's pf_payment_id becomes external_id, unique per method.
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'payfast' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "pf_payment_id" TO "external_id";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pf_payment_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_method_external_id_key" ON "payments" USING btree ("method","external_id");--> statement-breakpoint
-- PayFast's ITNs are one method's notifications.
ALTER TABLE "payfast_itns" RENAME TO "payment_notifications";--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "method" text DEFAULT 'payfast' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notifications" RENAME COLUMN "pf_payment_id" TO "external_id";--> statement-breakpoint
ALTER TABLE "payment_notifications" RENAME COLUMN "payment_status" TO "status";--> statement-breakpoint
ALTER INDEX "payfast_itns_unchecked_idx" RENAME TO "payment_notifications_unchecked_idx";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "method" text DEFAULT 'payfast' NOT NULL;
--> statement-breakpoint
-- Checks still queued keep their place under the job's neutral name.
UPDATE "jobs" SET "name" = 'check-payment-notification',
  "payload" = jsonb_build_object('notificationId', "payload"->'itnId'),
  "key" = replace("key", 'check-itn:', 'check-payment-notification:')
  WHERE "name" = 'check-itn';
