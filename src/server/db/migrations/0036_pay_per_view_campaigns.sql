CREATE TYPE "public"."campaign_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."campaign_view_outcome" AS ENUM('charged', 'invalid', 'unfunded');--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"status" "campaign_status" DEFAULT 'active' NOT NULL,
	"price_per_view_pesewas" integer NOT NULL,
	"daily_cap_pesewas" integer NOT NULL,
	"total_budget_pesewas" bigint NOT NULL,
	"ends_on" date,
	"spent_pesewas" bigint DEFAULT 0 NOT NULL,
	"spent_today_pesewas" integer DEFAULT 0 NOT NULL,
	"spent_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaigns_price_positive" CHECK ("ad_campaigns"."price_per_view_pesewas" > 0),
	CONSTRAINT "ad_campaigns_within_budget" CHECK ("ad_campaigns"."spent_pesewas" >= 0 and "ad_campaigns"."spent_pesewas" <= "ad_campaigns"."total_budget_pesewas"),
	CONSTRAINT "ad_campaigns_spent_today_sign" CHECK ("ad_campaigns"."spent_today_pesewas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"watch_id" integer,
	"user_id" integer,
	"reward_id" integer,
	"outcome" "campaign_view_outcome" NOT NULL,
	"viewed_on" date NOT NULL,
	"charged_pesewas" integer DEFAULT 0 NOT NULL,
	"charge_transfer_id" integer,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_views" ADD CONSTRAINT "campaign_views_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_views" ADD CONSTRAINT "campaign_views_watch_id_watch_progress_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watch_progress"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_views" ADD CONSTRAINT "campaign_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_views" ADD CONSTRAINT "campaign_views_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_views" ADD CONSTRAINT "campaign_views_charge_transfer_id_money_transfers_id_fk" FOREIGN KEY ("charge_transfer_id") REFERENCES "public"."money_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_live_ad_key" ON "ad_campaigns" USING btree ("ad_id") WHERE "ad_campaigns"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "ad_campaigns_company_idx" ON "ad_campaigns" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_views_watch_key" ON "campaign_views" USING btree ("watch_id");--> statement-breakpoint
CREATE INDEX "campaign_views_campaign_day_idx" ON "campaign_views" USING btree ("campaign_id","viewed_on");--> statement-breakpoint
CREATE INDEX "campaign_views_reward_idx" ON "campaign_views" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "money_transfers_kind_created_idx" ON "money_transfers" USING btree ("kind","created_at");