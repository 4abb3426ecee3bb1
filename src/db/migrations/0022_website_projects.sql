CREATE TABLE "website_project_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"author" text NOT NULL,
	"admin_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"service_request_id" uuid,
	"user_id" uuid,
	"package_id" text,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"stage" text DEFAULT 'brief' NOT NULL,
	"due_dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_projects_reference_unique" UNIQUE("reference"),
	CONSTRAINT "website_projects_service_request_id_unique" UNIQUE("service_request_id")
);
--> statement-breakpoint
ALTER TABLE "website_project_comments" ADD CONSTRAINT "website_project_comments_project_id_website_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."website_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_project_comments" ADD CONSTRAINT "website_project_comments_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_projects" ADD CONSTRAINT "website_projects_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_projects" ADD CONSTRAINT "website_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_project_comments_project_idx" ON "website_project_comments" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "website_projects_user_idx" ON "website_projects" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "website_projects_stage_idx" ON "website_projects" USING btree ("stage","updated_at");--> statement-breakpoint
-- Website requests already won (paid packages and requests marked won) become projects at the brief stage.
INSERT INTO "website_projects" ("reference", "service_request_id", "user_id", "package_id", "title", "name", "email", "due_dates", "created_at", "updated_at")
SELECT 'P-' || upper(substr(md5("id"::text), 1, 8)), "id", "user_id", "package_id", coalesce('Website for ' || "company", 'Website'), "name", "email",
  jsonb_build_object(
    'brief', to_char("updated_at" + interval '7 days', 'YYYY-MM-DD'),
    'design', to_char("updated_at" + interval '21 days', 'YYYY-MM-DD'),
    'build', to_char("updated_at" + interval '42 days', 'YYYY-MM-DD'),
    'review', to_char("updated_at" + interval '49 days', 'YYYY-MM-DD'),
    'launch', to_char("updated_at" + interval '56 days', 'YYYY-MM-DD'),
    'live', to_char("updated_at" + interval '60 days', 'YYYY-MM-DD')
  ),
  "updated_at", "updated_at"
FROM "service_requests"
WHERE "service_type" = 'website_development' AND "status" = 'won';
