CREATE TABLE "achievements" (
	"user_id" text NOT NULL,
	"action_id" integer NOT NULL,
	"type" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"progress_max" integer NOT NULL,
	"done_at" timestamp with time zone,
	"transaction_id" bigint,
	"payload" jsonb,
	CONSTRAINT "achievements_user_id_action_id_pk" PRIMARY KEY("user_id","action_id")
);
--> statement-breakpoint
CREATE TABLE "power_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"feed_id" bigint,
	"balance" numeric(78, 0) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "power_accounts_kind_check" CHECK ("power_accounts"."kind" IN ('daily', 'cashable', 'feed', 'treasury')),
	CONSTRAINT "power_accounts_balance_check" CHECK ("power_accounts"."kind" = 'treasury' OR "power_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "power_boosts" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"feed_id" bigint NOT NULL,
	"user_id" text,
	"months" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_daily_claims" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"transaction_id" bigint NOT NULL,
	CONSTRAINT "power_daily_claims_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "power_daily_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"users" integer
);
--> statement-breakpoint
CREATE TABLE "power_levels" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rank" integer NOT NULL,
	"level" smallint NOT NULL,
	"activity_points" integer DEFAULT 0 NOT NULL,
	"prev_activity_points" integer DEFAULT 0 NOT NULL,
	"daily_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_postings" (
	"transaction_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "power_postings_transaction_id_account_id_pk" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "power_transactions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"type" text NOT NULL,
	"from_user_id" text,
	"to_user_id" text,
	"to_feed_id" bigint,
	"to_list_id" bigint,
	"to_entry_id" bigint,
	"to_rsshub_id" bigint,
	"amount" numeric(78, 0) NOT NULL,
	"tax" numeric(78, 0) DEFAULT '0' NOT NULL,
	"comment" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "power_transactions_hash_unique" UNIQUE("hash"),
	CONSTRAINT "power_transactions_type_check" CHECK ("power_transactions"."type" IN ('tip', 'mint', 'burn', 'withdraw', 'purchase', 'airdrop')),
	CONSTRAINT "power_transactions_amount_check" CHECK ("power_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_accounts" ADD CONSTRAINT "power_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_accounts" ADD CONSTRAINT "power_accounts_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_boosts" ADD CONSTRAINT "power_boosts_transaction_id_power_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."power_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_boosts" ADD CONSTRAINT "power_boosts_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_boosts" ADD CONSTRAINT "power_boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_daily_claims" ADD CONSTRAINT "power_daily_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_levels" ADD CONSTRAINT "power_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_postings" ADD CONSTRAINT "power_postings_transaction_id_power_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."power_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_postings" ADD CONSTRAINT "power_postings_account_id_power_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."power_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_transactions" ADD CONSTRAINT "power_transactions_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_transactions" ADD CONSTRAINT "power_transactions_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "power_accounts_user_idx" ON "power_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "power_boosts_feed_idx" ON "power_boosts" USING btree ("feed_id","expires_at");--> statement-breakpoint
CREATE INDEX "power_postings_account_idx" ON "power_postings" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "power_transactions_idempotency_unique" ON "power_transactions" USING btree ("from_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "power_transactions_from_idx" ON "power_transactions" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "power_transactions_to_user_idx" ON "power_transactions" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "power_transactions_to_feed_idx" ON "power_transactions" USING btree ("to_feed_id","id");