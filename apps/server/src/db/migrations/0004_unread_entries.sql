CREATE TABLE "read_marks" (
	"user_id" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "read_marks_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "unread_entries" (
	"user_id" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"source_id" bigint NOT NULL,
	"source_type" "subscription_type" NOT NULL,
	"view" smallint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unread_entries_user_id_entry_id_source_id_pk" PRIMARY KEY("user_id","entry_id","source_id")
);
--> statement-breakpoint
DROP INDEX "timeline_user_view_unread_idx";--> statement-breakpoint
DROP INDEX "timeline_user_source_unread_idx";--> statement-breakpoint
DROP INDEX "timeline_entry_read_idx";--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unread_entries" ADD CONSTRAINT "unread_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unread_entries" ADD CONSTRAINT "unread_entries_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_marks_entry_idx" ON "read_marks" USING btree ("entry_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "read_marks_read_at_idx" ON "read_marks" USING btree ("read_at");--> statement-breakpoint
CREATE INDEX "unread_entries_user_view_idx" ON "unread_entries" USING btree ("user_id","view","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST) WHERE "unread_entries"."source_type" = 'feed';--> statement-breakpoint
CREATE INDEX "unread_entries_user_source_idx" ON "unread_entries" USING btree ("user_id","source_id","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST);--> statement-breakpoint
-- Carry the reading state over before the columns go: unread rows, and explicit reads.
INSERT INTO "unread_entries" ("user_id", "entry_id", "source_id", "source_type", "view", "published_at")
  SELECT "user_id", "entry_id", "source_id", "source_type", "view", "published_at" FROM "timeline" WHERE NOT "read";--> statement-breakpoint
INSERT INTO "read_marks" ("user_id", "entry_id", "read_at")
  SELECT "user_id", "entry_id", max("read_at") FROM "timeline" WHERE "read" AND "read_at" IS NOT NULL GROUP BY "user_id", "entry_id";--> statement-breakpoint
ALTER TABLE "timeline" DROP COLUMN "read";--> statement-breakpoint
ALTER TABLE "timeline" DROP COLUMN "read_at";