CREATE TABLE "webhook_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"topic" text NOT NULL,
	"callback" text NOT NULL,
	"secret_enc" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"header_custom_01" jsonb,
	"header_custom_02" jsonb,
	"header_custom_03" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_configs_app_topic_key" UNIQUE("app_id","topic")
);
--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD CONSTRAINT "webhook_configs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;