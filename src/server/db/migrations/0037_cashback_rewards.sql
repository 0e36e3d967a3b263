ALTER TYPE "public"."reward_type" ADD VALUE 'cashback';--> statement-breakpoint
ALTER TYPE "public"."money_account_kind" ADD VALUE 'cashback_reserved';--> statement-breakpoint
ALTER TYPE "public"."money_account_kind" ADD VALUE 'member_cashback';--> statement-breakpoint
ALTER TYPE "public"."money_account_kind" ADD VALUE 'payout_in_flight';--> statement-breakpoint
ALTER TYPE "public"."money_account_kind" ADD VALUE 'paid_out';--> statement-breakpoint
ALTER TYPE "public"."money_transfer_kind" ADD VALUE 'cashback_reserve';--> statement-breakpoint
ALTER TYPE "public"."money_transfer_kind" ADD VALUE 'cashback_release';--> statement-breakpoint
ALTER TYPE "public"."money_transfer_kind" ADD VALUE 'cashback_earn';--> statement-breakpoint
ALTER TYPE "public"."money_transfer_kind" ADD VALUE 'withdrawal';--> statement-breakpoint
ALTER TYPE "public"."money_transfer_kind" ADD VALUE 'payout';--> statement-breakpoint
ALTER TYPE "public"."money_transfer_kind" ADD VALUE 'payout_return';--> statement-breakpoint
ALTER TABLE "money_accounts" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "cashback_pesewas" integer;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD COLUMN "reward_id" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "cashback_pesewas" integer;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_accounts_kind_user_key" ON "money_accounts" USING btree ("kind","user_id");--> statement-breakpoint
CREATE INDEX "money_transfers_reward_idx" ON "money_transfers" USING btree ("reward_id") WHERE "money_transfers"."reward_id" is not null;--> statement-breakpoint
CREATE INDEX "rewards_unused_cashback_idx" ON "rewards" USING btree ("expires_at") WHERE "rewards"."cashback_pesewas" is not null and not "rewards"."is_used";--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_cashback_positive" CHECK ("ads"."cashback_pesewas" > 0);--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_one_owner" CHECK ("money_accounts"."company_id" is null or "money_accounts"."user_id" is null);--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_cashback_positive" CHECK ("rewards"."cashback_pesewas" > 0);