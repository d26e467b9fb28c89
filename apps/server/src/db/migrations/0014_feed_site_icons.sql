ALTER TABLE "feeds" ADD COLUMN "site_icon" text;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "site_icon_page_url" text;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "site_icon_next_check_at" timestamp with time zone;