DROP INDEX "orders_quote_part_key";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_part_key" ON "orders" USING btree ("quote_id","quote_part") WHERE status not in ('cancelled', 'failed');