-- The PayFast simulator's tables leave the shop's schema for one of their own (issue 26 §1).
CREATE SCHEMA IF NOT EXISTS "payfast_simulator";--> statement-breakpoint
ALTER TABLE "payfast_simulator_itns" SET SCHEMA "payfast_simulator";--> statement-breakpoint
ALTER TABLE "payfast_simulator"."payfast_simulator_itns" RENAME TO "itns";--> statement-breakpoint
ALTER INDEX "payfast_simulator"."payfast_simulator_itns_param_idx" RENAME TO "itns_param_idx";--> statement-breakpoint
ALTER TABLE "payfast_simulator_subscriptions" SET SCHEMA "payfast_simulator";--> statement-breakpoint
ALTER TABLE "payfast_simulator"."payfast_simulator_subscriptions" RENAME TO "subscriptions";--> statement-breakpoint
ALTER TABLE "payfast_simulator_refunds" SET SCHEMA "payfast_simulator";--> statement-breakpoint
ALTER TABLE "payfast_simulator"."payfast_simulator_refunds" RENAME TO "refunds";
