CREATE TABLE "speed_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"kind" text DEFAULT 'free' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"user_id" uuid,
	"requester_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"partial" boolean DEFAULT false NOT NULL,
	"mobile" jsonb,
	"desktop" jsonb,
	"screenshot" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "speed_reports" ADD CONSTRAINT "speed_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speed_reports_waiting_idx" ON "speed_reports" USING btree ("created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "speed_reports_created_idx" ON "speed_reports" USING btree ("created_at");