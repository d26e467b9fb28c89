CREATE TYPE "public"."setting_tab" AS ENUM('general', 'appearance', 'integration');--> statement-breakpoint
CREATE TYPE "public"."subscription_type" AS ENUM('feed', 'list', 'inbox');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('trial', 'user');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"user_id" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"feed_id" bigint,
	"view" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" bigint PRIMARY KEY NOT NULL,
	"feed_id" bigint,
	"inbox_id" bigint,
	"guid" text NOT NULL,
	"title" text,
	"url" text,
	"content" text,
	"description" text,
	"author" text,
	"author_url" text,
	"author_avatar" text,
	"language" text,
	"media" jsonb,
	"categories" text[],
	"attachments" jsonb,
	"extra" jsonb,
	"content_hash" text,
	"published_at" timestamp with time zone NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_one_source" CHECK (("entries"."feed_id" IS NULL) <> ("entries"."inbox_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" bigint PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"site_url" text,
	"title" text,
	"description" text,
	"image" text,
	"language" text,
	"owner_user_id" text,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"error_at" timestamp with time zone,
	"updates_per_week" integer,
	"latest_entry_published_at" timestamp with time zone,
	"subscription_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feeds_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "inboxes" (
	"id" bigint PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"title" text,
	"description" text,
	"image" text,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inboxes_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"from_user_id" text,
	"to_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "invitations_to_user_id_unique" UNIQUE("to_user_id")
);
--> statement-breakpoint
CREATE TABLE "list_entries" (
	"list_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"feed_id" bigint NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_entries_list_id_entry_id_pk" PRIMARY KEY("list_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "list_feeds" (
	"list_id" bigint NOT NULL,
	"feed_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_feeds_list_id_feed_id_pk" PRIMARY KEY("list_id","feed_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" bigint PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"view" smallint DEFAULT 0 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"language" text,
	"timeline_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"user_id" text NOT NULL,
	"tab" "setting_tab" NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_user_id_tab_pk" PRIMARY KEY("user_id","tab")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" "subscription_type" NOT NULL,
	"feed_id" bigint,
	"list_id" bigint,
	"inbox_id" bigint,
	"view" smallint DEFAULT 0 NOT NULL,
	"category" text,
	"title" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone,
	CONSTRAINT "subscriptions_one_target" CHECK (("subscriptions"."type" = 'feed' AND "subscriptions"."feed_id" IS NOT NULL AND "subscriptions"."list_id" IS NULL AND "subscriptions"."inbox_id" IS NULL)
        OR ("subscriptions"."type" = 'list' AND "subscriptions"."list_id" IS NOT NULL AND "subscriptions"."feed_id" IS NULL AND "subscriptions"."inbox_id" IS NULL)
        OR ("subscriptions"."type" = 'inbox' AND "subscriptions"."inbox_id" IS NOT NULL AND "subscriptions"."feed_id" IS NULL AND "subscriptions"."list_id" IS NULL)),
	CONSTRAINT "subscriptions_view_range" CHECK ("subscriptions"."view" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "timeline" (
	"user_id" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"source_type" "subscription_type" NOT NULL,
	"source_id" bigint NOT NULL,
	"feed_id" bigint,
	"view" smallint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "timeline_user_id_entry_id_source_id_pk" PRIMARY KEY("user_id","entry_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"handle" text,
	"role" "user_role" DEFAULT 'trial' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"bio" text,
	"website" text,
	"social_links" jsonb,
	"two_factor_enabled" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_feeds" ADD CONSTRAINT "list_feeds_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_feeds" ADD CONSTRAINT "list_feeds_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline" ADD CONSTRAINT "timeline_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline" ADD CONSTRAINT "timeline_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","view","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "entries_feed_guid_unique" ON "entries" USING btree ("feed_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "entries_inbox_guid_unique" ON "entries" USING btree ("inbox_id","guid");--> statement-breakpoint
CREATE INDEX "entries_feed_published_idx" ON "entries" USING btree ("feed_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entries_inbox_published_idx" ON "entries" USING btree ("inbox_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feeds_next_check_at_idx" ON "feeds" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "feeds_owner_user_id_idx" ON "feeds" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "inboxes_owner_user_id_idx" ON "inboxes" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "invitations_from_user_id_idx" ON "invitations" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "list_entries_list_inserted_idx" ON "list_entries" USING btree ("list_id","inserted_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "list_entries_entry_id_idx" ON "list_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "list_entries_list_feed_idx" ON "list_entries" USING btree ("list_id","feed_id");--> statement-breakpoint
CREATE INDEX "list_feeds_feed_id_idx" ON "list_feeds" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "lists_owner_user_id_idx" ON "lists" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_feed_unique" ON "subscriptions" USING btree ("user_id","feed_id") WHERE "subscriptions"."feed_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_list_unique" ON "subscriptions" USING btree ("user_id","list_id") WHERE "subscriptions"."list_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_inbox_unique" ON "subscriptions" USING btree ("user_id","inbox_id") WHERE "subscriptions"."inbox_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_user_view_idx" ON "subscriptions" USING btree ("user_id","view");--> statement-breakpoint
CREATE INDEX "subscriptions_feed_id_idx" ON "subscriptions" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "subscriptions_list_id_idx" ON "subscriptions" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "timeline_user_view_idx" ON "timeline" USING btree ("user_id","view","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_user_source_idx" ON "timeline" USING btree ("user_id","source_id","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_unread_idx" ON "timeline" USING btree ("user_id","view","source_id") WHERE NOT "timeline"."read";--> statement-breakpoint
CREATE INDEX "timeline_entry_read_idx" ON "timeline" USING btree ("entry_id") WHERE "timeline"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_unique" ON "users" USING btree (lower("handle"));