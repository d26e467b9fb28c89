CREATE TABLE "ai_daily_readers" (
	"user_id" text NOT NULL,
	"view" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_daily_readers_user_id_view_pk" PRIMARY KEY("user_id","view")
);
--> statement-breakpoint
CREATE TABLE "ai_daily_reports" (
	"user_id" text NOT NULL,
	"view" smallint NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"report" text NOT NULL,
	"entry_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_daily_reports_user_id_view_start_pk" PRIMARY KEY("user_id","view","start")
);
--> statement-breakpoint
CREATE TABLE "ai_summaries" (
	"entry_id" bigint NOT NULL,
	"language" text NOT NULL,
	"target" text NOT NULL,
	"summary" text NOT NULL,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_summaries_entry_id_language_target_pk" PRIMARY KEY("entry_id","language","target")
);
--> statement-breakpoint
CREATE TABLE "ai_translations" (
	"entry_id" bigint NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"description" text,
	"content" text,
	"content_immersive" text,
	"readability_content" text,
	"readability_content_immersive" text,
	"skipped" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_translations_entry_id_language_pk" PRIMARY KEY("entry_id","language")
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "ai_user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"base_url" text,
	"model" text,
	"api_key_encrypted" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_daily_readers" ADD CONSTRAINT "ai_daily_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_daily_reports" ADD CONSTRAINT "ai_daily_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_summaries" ADD CONSTRAINT "ai_summaries_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_translations" ADD CONSTRAINT "ai_translations_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_user_settings" ADD CONSTRAINT "ai_user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_daily_readers_opened_idx" ON "ai_daily_readers" USING btree ("last_opened_at");