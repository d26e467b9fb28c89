CREATE TABLE "rsshub_instances" (
	"id" bigint PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"base_url" text NOT NULL,
	"access_key_sealed" text,
	"description" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"user_limit" integer,
	"status" text DEFAULT 'ok' NOT NULL,
	"error_message" text,
	"error_count" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsshub_instances_price_check" CHECK ("rsshub_instances"."price" >= 0),
	CONSTRAINT "rsshub_instances_user_limit_check" CHECK ("rsshub_instances"."user_limit" IS NULL OR "rsshub_instances"."user_limit" >= 0),
	CONSTRAINT "rsshub_instances_status_check" CHECK ("rsshub_instances"."status" IN ('ok', 'unavailable', 'invalid'))
);
--> statement-breakpoint
CREATE TABLE "rsshub_usages" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rsshub_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "rsshub_instance_id" bigint;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "rsshub_fallback" text;--> statement-breakpoint
ALTER TABLE "rsshub_instances" ADD CONSTRAINT "rsshub_instances_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsshub_usages" ADD CONSTRAINT "rsshub_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsshub_usages" ADD CONSTRAINT "rsshub_usages_rsshub_id_rsshub_instances_id_fk" FOREIGN KEY ("rsshub_id") REFERENCES "public"."rsshub_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rsshub_instances_owner_url_unique" ON "rsshub_instances" USING btree ("owner_user_id","base_url");--> statement-breakpoint
CREATE INDEX "rsshub_instances_next_check_idx" ON "rsshub_instances" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "rsshub_usages_rsshub_idx" ON "rsshub_usages" USING btree ("rsshub_id");