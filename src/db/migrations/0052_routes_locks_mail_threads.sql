ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "local_registrar_domains" ADD COLUMN "transfer_lock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "local_registrar_domains" ADD COLUMN "auth_code" text;--> statement-breakpoint
ALTER TABLE "tlds" ADD COLUMN "registrar" text;--> statement-breakpoint
ALTER TABLE "tlds" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "tlds" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "ticket_message_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_ticket_message_id_support_ticket_messages_id_fk" FOREIGN KEY ("ticket_message_id") REFERENCES "public"."support_ticket_messages"("id") ON DELETE set null ON UPDATE no action;