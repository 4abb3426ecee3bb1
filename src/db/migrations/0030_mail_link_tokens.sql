ALTER TABLE "mail_outbox" ADD COLUMN "link_token" jsonb;--> statement-breakpoint
ALTER TABLE "support_ticket_links" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_ticket_links" ADD CONSTRAINT "support_ticket_links_id_unique" UNIQUE("id");--> statement-breakpoint
-- Mails kept before links were minted on delivery carried live tokens: they are taken out, so
-- no back-office reader or backup holds a working link.
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", 'token=[A-Za-z0-9_-]{20,}', 'token=TOKEN-MINTED-ON-DELIVERY', 'g'),
  "html" = regexp_replace("html", 'token=[A-Za-z0-9_-]{20,}', 'token=TOKEN-MINTED-ON-DELIVERY', 'g');
