CREATE TABLE "owner_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"detail" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	"notices" integer DEFAULT 1 NOT NULL,
	"mailed" boolean NOT NULL,
	"resolved_at" timestamp with time zone
);
