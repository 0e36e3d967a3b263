ALTER TABLE "users" ALTER COLUMN "referral_code" SET DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12));--> statement-breakpoint
CREATE TABLE "draw_entry_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_entry_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"draw_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leaderboard_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD COLUMN "member_ref" text DEFAULT ('M-' || substr(md5(random()::text || clock_timestamp()::text), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "public_randomness_source" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "entries_hash" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "total_entries" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "winning_ticket" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "winner_member" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "winner_display_name" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "drawn_by" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "prize_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD COLUMN "earned_entries" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "draw_entries" SET "earned_entries" = "entries_count";--> statement-breakpoint
UPDATE "users" SET "referral_code" = upper(substr(md5(random()::text || "id"::text), 1, 12)) WHERE "referral_code" IS NULL;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD COLUMN "member_ref" text DEFAULT ('M-' || substr(md5(random()::text || clock_timestamp()::text), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "public_randomness_source" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "entries_hash" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "total_entries" integer;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "winning_ticket" integer;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "winner_member" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "winner_display_name" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "drawn_by" integer;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "prize_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "verified_purchases" ADD COLUMN "receipt_image_hash" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "share_proof_image_url" text;--> statement-breakpoint
ALTER TABLE "draw_entry_sources" ADD CONSTRAINT "draw_entry_sources_draw_id_prize_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."prize_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entry_sources" ADD CONSTRAINT "draw_entry_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_user_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."user_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_entry_sources_draw_key" ON "draw_entry_sources" USING btree ("draw_id","source_key");--> statement-breakpoint
CREATE INDEX "draw_entry_sources_user_idx" ON "draw_entry_sources" USING btree ("user_id","draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_review_user_kind_key" ON "review_votes" USING btree ("review_id","user_id","kind");--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entries_competition_member_key" ON "competition_entries" USING btree ("competition_id","member_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_entries_draw_member_key" ON "draw_entries" USING btree ("draw_id","member_ref");--> statement-breakpoint
CREATE INDEX "ledger_entries_xp_earned_idx" ON "ledger_entries" USING btree ("created_at","user_id") WHERE "ledger_entries"."currency" = 'xp' and "ledger_entries"."amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reviews_user_company_key" ON "user_reviews" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "verified_purchases_receipt_number_idx" ON "verified_purchases" USING btree ("company_id",lower("receipt_number"));--> statement-breakpoint
CREATE INDEX "verified_purchases_receipt_image_idx" ON "verified_purchases" USING btree ("receipt_image_hash");--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "entries_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "entries_closed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "prize_draws" SET "draw_date" = date_trunc('month', "registration_deadline") + interval '1 month' + interval '18 hours' WHERE "winner_selected_at" IS NULL AND "registration_deadline" IS NOT NULL;
