CREATE TABLE "payfast_simulator"."pages" (
	"token" text PRIMARY KEY NOT NULL,
	"form" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
