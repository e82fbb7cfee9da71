CREATE TABLE "panel_sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_users" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"role" text NOT NULL,
	"agency_admin_mail" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_users_email_unique" UNIQUE("email"),
	CONSTRAINT "panel_users_email_lower" CHECK ("panel_users"."email" = lower("panel_users"."email")),
	CONSTRAINT "panel_users_role" CHECK ("panel_users"."role" in ('admin', 'soporte', 'agencia')),
	CONSTRAINT "panel_users_agencia_bound" CHECK ("panel_users"."role" <> 'agencia' or "panel_users"."agency_admin_mail" is not null)
);
--> statement-breakpoint
CREATE TABLE "panel_workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_base_url" text NOT NULL,
	"app_key" text NOT NULL,
	"app_secret_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_workspaces_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "panel_users" ADD CONSTRAINT "panel_users_workspace_id_panel_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."panel_workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_users_workspace_idx" ON "panel_users" USING btree ("workspace_id");