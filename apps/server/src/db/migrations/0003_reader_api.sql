CREATE TABLE "entry_search" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unread_counts" (
	"user_id" text NOT NULL,
	"source_id" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_counts_user_id_source_id_pk" PRIMARY KEY("user_id","source_id")
);
--> statement-breakpoint
DROP INDEX "timeline_unread_idx";--> statement-breakpoint
DROP INDEX "timeline_user_view_idx";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "target_id" bigint GENERATED ALWAYS AS (COALESCE(feed_id, list_id, inbox_id)) STORED;--> statement-breakpoint
ALTER TABLE "entry_search" ADD CONSTRAINT "entry_search_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unread_counts" ADD CONSTRAINT "unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_search_document_idx" ON "entry_search" USING gin ("document");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_target_unique" ON "subscriptions" USING btree ("user_id","target_id");--> statement-breakpoint
CREATE INDEX "subscriptions_target_idx" ON "subscriptions" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "timeline_user_view_unread_idx" ON "timeline" USING btree ("user_id","view","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST) WHERE "timeline"."source_type" = 'feed' AND NOT "timeline"."read";--> statement-breakpoint
CREATE INDEX "timeline_user_source_unread_idx" ON "timeline" USING btree ("user_id","source_id","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST) WHERE NOT "timeline"."read";--> statement-breakpoint
CREATE INDEX "timeline_user_inserted_idx" ON "timeline" USING btree ("user_id","inserted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_user_view_idx" ON "timeline" USING btree ("user_id","view","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST) WHERE "timeline"."source_type" = 'feed';