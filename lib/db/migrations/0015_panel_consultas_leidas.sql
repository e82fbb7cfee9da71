CREATE TABLE "panel_consultas_leidas" (
	"user_id" text NOT NULL,
	"sid" text NOT NULL,
	"leida" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_consultas_leidas_user_id_sid_pk" PRIMARY KEY("user_id","sid")
);
--> statement-breakpoint
ALTER TABLE "panel_consultas_leidas" ADD CONSTRAINT "panel_consultas_leidas_user_id_panel_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."panel_users"("id") ON DELETE cascade ON UPDATE no action;