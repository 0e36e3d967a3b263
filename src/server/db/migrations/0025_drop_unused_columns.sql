ALTER TABLE "device_tokens" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leaderboards" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "device_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "leaderboards" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_trust_score_range";--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_points_used_nonnegative";--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_customer_rating_range";--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" DROP CONSTRAINT "anti_cheat_violations_related_reward_id_rewards_id_fk";
--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" DROP CONSTRAINT "anti_cheat_violations_related_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "share_image_url";--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "content_access_type";--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "is_premium";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "trust_score";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "watched_ads";--> statement-breakpoint
ALTER TABLE "discovery_badges" DROP COLUMN "badge_icon";--> statement-breakpoint
ALTER TABLE "discovery_badges" DROP COLUMN "is_displayed";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "average_cost_pesewas";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "customer_rating";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "points_used_this_month";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "last_points_reset";--> statement-breakpoint
ALTER TABLE "qr_scan_logs" DROP COLUMN "user_device_fingerprint";--> statement-breakpoint
ALTER TABLE "qr_scan_logs" DROP COLUMN "scan_location";--> statement-breakpoint
ALTER TABLE "qr_scan_logs" DROP COLUMN "scan_method";--> statement-breakpoint
ALTER TABLE "qr_scan_logs" DROP COLUMN "scan_duration_ms";--> statement-breakpoint
ALTER TABLE "competition_entries" DROP COLUMN "entry_date";--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" DROP COLUMN "related_reward_id";--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" DROP COLUMN "related_company_id";--> statement-breakpoint
ALTER TABLE "loyalty_check_ins" DROP COLUMN "check_in_location";--> statement-breakpoint
ALTER TABLE "point_transactions" DROP COLUMN "transaction_location";--> statement-breakpoint
ALTER TABLE "user_reviews" DROP COLUMN "reviewer_location";--> statement-breakpoint
ALTER TABLE "user_reviews" DROP COLUMN "visit_date";--> statement-breakpoint
ALTER TABLE "verified_purchases" DROP COLUMN "purchase_location";--> statement-breakpoint
ALTER TABLE "verified_purchases" DROP COLUMN "merchant_branch";--> statement-breakpoint
ALTER TABLE "rewards" DROP COLUMN "qr_code_url";--> statement-breakpoint
ALTER TABLE "discovered_companies" DROP COLUMN "discovery_type";--> statement-breakpoint
DROP TYPE "public"."leaderboard_period";