-- Refunds PayFast pays out to a bank account (its BANK_PAYOUT method) carry the buyer's bank
-- details while pending (issue 26 §5); the simulator remembers whether a payment was by card or
-- Instant EFT, so its refund query can answer either way.
ALTER TABLE "payfast_simulator_itns" ADD COLUMN "funding_type" text DEFAULT 'CC' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "bank_account" jsonb;
