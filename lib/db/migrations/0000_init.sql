CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"app_key" text NOT NULL,
	"secret_primary" text NOT NULL,
	"secret_secondary" text,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "seen_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seen_signatures_seen_at_idx" ON "seen_signatures" USING btree ("seen_at");