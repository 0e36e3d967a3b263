CREATE TYPE "public"."ad_interaction_type" AS ENUM('impression', 'view', 'click', 'like', 'unlike', 'share', 'complete', 'unlock', 'redeem');--> statement-breakpoint
CREATE TYPE "public"."ad_type" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TYPE "public"."company_payment_status" AS ENUM('pending', 'paid', 'overdue', 'failed');--> statement-breakpoint
CREATE TYPE "public"."company_status" AS ENUM('active', 'suspended', 'closed');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('verify_email', 'password_reset', 'company_setup', 'login_otp');--> statement-breakpoint
CREATE TYPE "public"."leaderboard_period" AS ENUM('daily', 'weekly', 'monthly', 'all_time');--> statement-breakpoint
CREATE TYPE "public"."ledger_currency" AS ENUM('xp', 'points', 'prize_points');--> statement-breakpoint
CREATE TYPE "public"."media_kind" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."momo_provider" AS ENUM('mtn', 'telecel', 'airteltigo');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'completed', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."plan" AS ENUM('starter', 'business', 'pro', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."point_transaction_status" AS ENUM('completed', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."proof_status" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."redemption_method" AS ENUM('self', 'staff', 'qr');--> statement-breakpoint
CREATE TYPE "public"."redemption_status" AS ENUM('pending', 'complete', 'rejected', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('pending', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('unverified', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."reward_type" AS ENUM('discount', 'xp', 'badge', 'experience', 'prize_entry');--> statement-breakpoint
CREATE TYPE "public"."session_kind" AS ENUM('user', 'company', 'company_staff');--> statement-breakpoint
CREATE TYPE "public"."setting_type" AS ENUM('text', 'number', 'boolean', 'json');--> statement-breakpoint
CREATE TYPE "public"."share_platform" AS ENUM('facebook', 'twitter', 'instagram', 'whatsapp', 'other');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('pending', 'active', 'rejected', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."subscription_type" AS ENUM('plus', 'starter', 'business', 'pro', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."tier" AS ENUM('bronze', 'silver', 'gold', 'diamond');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('user', 'staff', 'admin');--> statement-breakpoint
CREATE TYPE "public"."user_subscription_status" AS ENUM('inactive', 'active', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_subscription_type" AS ENUM('free', 'plus');--> statement-breakpoint
CREATE TYPE "public"."violation_severity" AS ENUM('low', 'medium', 'high', 'critical');--> statement-breakpoint
CREATE TYPE "public"."violation_status" AS ENUM('pending', 'reviewed', 'actioned', 'dismissed');--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"anigye_id" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"phone_number" varchar(15),
	"is_phone_verified" boolean DEFAULT false NOT NULL,
	"phone_verified_at" timestamp with time zone,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"display_name" text NOT NULL,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"xp_points" integer DEFAULT 0 NOT NULL,
	"lifetime_xp" integer DEFAULT 0 NOT NULL,
	"tier" "tier" DEFAULT 'bronze' NOT NULL,
	"prize_points" integer DEFAULT 0 NOT NULL,
	"total_views" integer DEFAULT 0 NOT NULL,
	"verified_purchases" integer DEFAULT 0 NOT NULL,
	"reviews_submitted" integer DEFAULT 0 NOT NULL,
	"trust_score" integer DEFAULT 100 NOT NULL,
	"is_plus" boolean DEFAULT false NOT NULL,
	"plus_since" timestamp with time zone,
	"subscription_type" "user_subscription_type" DEFAULT 'free' NOT NULL,
	"subscription_status" "user_subscription_status" DEFAULT 'inactive' NOT NULL,
	"subscription_expires_at" timestamp with time zone,
	"watched_ads" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"google_id" text,
	"referral_code" text,
	"age_range" text,
	"city" text,
	"gender" text,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"shopping_frequency" text,
	"preferred_shopping_time" text,
	"budget_consciousness" text,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"onboarding_step" integer DEFAULT 0 NOT NULL,
	"profile_strength" integer DEFAULT 25 NOT NULL,
	"last_login_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_xp_points_nonnegative" CHECK ("users"."xp_points" >= 0),
	CONSTRAINT "users_lifetime_xp_nonnegative" CHECK ("users"."lifetime_xp" >= 0),
	CONSTRAINT "users_prize_points_nonnegative" CHECK ("users"."prize_points" >= 0),
	CONSTRAINT "users_trust_score_range" CHECK ("users"."trust_score" between 0 and 100),
	CONSTRAINT "users_profile_strength_range" CHECK ("users"."profile_strength" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" "email_token_purpose" NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer,
	"channel" "message_channel" DEFAULT 'sms' NOT NULL,
	"phone_number" varchar(15),
	"email" text,
	"code_hash" text NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_verifications_attempts_nonnegative" CHECK ("otp_verifications"."attempts" >= 0),
	CONSTRAINT "otp_verifications_has_recipient" CHECK ("otp_verifications"."phone_number" is not null or "otp_verifications"."email" is not null)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" "message_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"identifier_type" text NOT NULL,
	"action" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_limits_count_nonnegative" CHECK ("rate_limits"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "session_kind" NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"company_staff_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_owner_matches_kind" CHECK (("sessions"."kind" = 'user' and "sessions"."user_id" is not null)
        or ("sessions"."kind" = 'company' and "sessions"."company_id" is not null)
        or ("sessions"."kind" = 'company_staff' and "sessions"."company_staff_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"logo" text,
	"category" text NOT NULL,
	"subcategory" text,
	"location" text,
	"city" text,
	"address" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"google_maps_url" text,
	"storefront_image" text,
	"phone" text,
	"business_hours" text,
	"username" text NOT NULL,
	"password_hash" text,
	"failed_login_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	"setup_token_hash" text,
	"setup_token_expires_at" timestamp with time zone,
	"setup_token_used_at" timestamp with time zone,
	"otp_enabled" boolean DEFAULT false NOT NULL,
	"otp_channel" "message_channel",
	"contact_email" text,
	"contact_phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"show_in_carousel" boolean DEFAULT true NOT NULL,
	"status" "company_status" DEFAULT 'active' NOT NULL,
	"plan" "plan" DEFAULT 'starter' NOT NULL,
	"subscription_start" timestamp with time zone,
	"paid_until" timestamp with time zone,
	"payment_status" "company_payment_status" DEFAULT 'pending' NOT NULL,
	"monthly_price_pesewas" integer DEFAULT 29900 NOT NULL,
	"max_ads" integer DEFAULT 1 NOT NULL,
	"allows_video" boolean DEFAULT false NOT NULL,
	"max_ad_duration_seconds" integer DEFAULT 10 NOT NULL,
	"search_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"average_cost_pesewas" integer,
	"customer_rating" numeric(3, 2),
	"points_balance" integer DEFAULT 0 NOT NULL,
	"monthly_points_allocation" integer DEFAULT 250 NOT NULL,
	"points_used_this_month" integer DEFAULT 0 NOT NULL,
	"last_points_reset" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_points_balance_nonnegative" CHECK ("companies"."points_balance" >= 0),
	CONSTRAINT "companies_points_used_nonnegative" CHECK ("companies"."points_used_this_month" >= 0),
	CONSTRAINT "companies_monthly_price_nonnegative" CHECK ("companies"."monthly_price_pesewas" >= 0),
	CONSTRAINT "companies_max_ads_nonnegative" CHECK ("companies"."max_ads" >= 0),
	CONSTRAINT "companies_max_ad_duration_positive" CHECK ("companies"."max_ad_duration_seconds" > 0),
	CONSTRAINT "companies_failed_logins_nonnegative" CHECK ("companies"."failed_login_attempts" >= 0),
	CONSTRAINT "companies_customer_rating_range" CHECK ("companies"."customer_rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "company_staff" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"pin_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" "media_kind" NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_seconds" real,
	"thumbnail_key" text,
	"poster_key" text,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "ad_daily_stats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_daily_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"unlocks" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"ad_type" "ad_type" DEFAULT 'image' NOT NULL,
	"media_file_id" integer,
	"video_url" text,
	"image_url" text,
	"thumbnail_url" text,
	"poster_url" text,
	"share_image_url" text,
	"duration_seconds" integer DEFAULT 10 NOT NULL,
	"category" text NOT NULL,
	"reward_type" "reward_type" DEFAULT 'discount' NOT NULL,
	"discount_percent" integer,
	"custom_discount_code" text,
	"use_custom_code" boolean DEFAULT false NOT NULL,
	"experience_content" text,
	"xp_points_reward" integer DEFAULT 10 NOT NULL,
	"badge_id" text,
	"content_access_type" text,
	"prize_entry_details" text,
	"min_watch_percent" integer DEFAULT 80 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_plus" boolean DEFAULT false NOT NULL,
	"required_tier" "tier" DEFAULT 'bronze' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"unlock_count" integer DEFAULT 0 NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"impression_count" integer DEFAULT 0 NOT NULL,
	"max_coupons" integer,
	"max_redemptions" integer DEFAULT 1000 NOT NULL,
	"current_redemptions" integer DEFAULT 0 NOT NULL,
	"redemption_method" "redemption_method" DEFAULT 'self' NOT NULL,
	"daily_redemption_cap" integer,
	"weekly_redemption_cap" integer,
	"google_maps_link" text,
	"branch_name" text,
	"location_address" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"search_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_duration_positive" CHECK ("ads"."duration_seconds" > 0),
	CONSTRAINT "ads_min_watch_percent_range" CHECK ("ads"."min_watch_percent" between 1 and 100),
	CONSTRAINT "ads_discount_percent_range" CHECK ("ads"."discount_percent" between 1 and 100),
	CONSTRAINT "ads_xp_points_reward_range" CHECK ("ads"."xp_points_reward" between 0 and 100),
	CONSTRAINT "ads_max_redemptions_nonnegative" CHECK ("ads"."max_redemptions" >= 0),
	CONSTRAINT "ads_current_redemptions_within_max" CHECK ("ads"."current_redemptions" >= 0 and "ads"."current_redemptions" <= "ads"."max_redemptions"),
	CONSTRAINT "ads_daily_cap_positive" CHECK ("ads"."daily_redemption_cap" > 0),
	CONSTRAINT "ads_weekly_cap_positive" CHECK ("ads"."weekly_redemption_cap" > 0),
	CONSTRAINT "ads_max_coupons_nonnegative" CHECK ("ads"."max_coupons" >= 0),
	CONSTRAINT "ads_counters_nonnegative" CHECK ("ads"."view_count" >= 0 and "ads"."like_count" >= 0 and "ads"."unlock_count" >= 0 and "ads"."click_count" >= 0 and "ads"."impression_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ad_discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"code" text NOT NULL,
	"assigned_reward_id" integer,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"user_id" integer,
	"company_id" integer NOT NULL,
	"reward_type" "reward_type" NOT NULL,
	"discount_percent" integer,
	"discount_code" text,
	"custom_discount_code" text,
	"xp_points_awarded" integer DEFAULT 0 NOT NULL,
	"badge_id" text,
	"experience_content" text,
	"content_access_granted" boolean DEFAULT false NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"is_claimed" boolean DEFAULT false NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"shared_platform" "share_platform",
	"share_proof_url" text,
	"share_proof_status" "proof_status" DEFAULT 'pending' NOT NULL,
	"share_proof_notes" text,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"redemption_number" text,
	"redemption_proof_url" text,
	"redemption_location" text,
	"redemption_method" "redemption_method",
	"qr_code_data" text,
	"qr_code_url" text,
	"qr_generated_at" timestamp with time zone,
	"qr_scanned_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_discount_percent_range" CHECK ("rewards"."discount_percent" between 1 and 100),
	CONSTRAINT "rewards_xp_points_awarded_nonnegative" CHECK ("rewards"."xp_points_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"ad_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"method" "redemption_method" DEFAULT 'self' NOT NULL,
	"status" "redemption_status" DEFAULT 'complete' NOT NULL,
	"proof_url" text,
	"location" text,
	"redemption_number" text,
	"staff_member" text,
	"staff_id" integer,
	"ip_address" text,
	"user_agent" text,
	"device_fingerprint" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer NOT NULL,
	"purchase_id" integer,
	"rating" integer NOT NULL,
	"review_title" text,
	"review_text" text,
	"receipt_image_url" text,
	"verification_status" "review_status" DEFAULT 'unverified' NOT NULL,
	"helpful_votes" integer DEFAULT 0 NOT NULL,
	"reported_count" integer DEFAULT 0 NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"reviewer_location" text,
	"visit_date" date,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_reviews_rating_range" CHECK ("user_reviews"."rating" between 1 and 5),
	CONSTRAINT "user_reviews_counts_nonnegative" CHECK ("user_reviews"."helpful_votes" >= 0 and "user_reviews"."reported_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verified_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verified_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer NOT NULL,
	"reward_id" integer,
	"purchase_amount_pesewas" integer NOT NULL,
	"discount_amount_pesewas" integer DEFAULT 0 NOT NULL,
	"final_amount_pesewas" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"purchase_date" timestamp with time zone DEFAULT now() NOT NULL,
	"receipt_image_url" text,
	"receipt_number" text,
	"verification_status" "proof_status" DEFAULT 'pending' NOT NULL,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"rejection_reason" text,
	"purchase_location" text,
	"merchant_branch" text,
	"flagged_for_review" boolean DEFAULT false NOT NULL,
	"flag_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_purchases_amounts_nonnegative" CHECK ("verified_purchases"."purchase_amount_pesewas" >= 0 and "verified_purchases"."discount_amount_pesewas" >= 0 and "verified_purchases"."final_amount_pesewas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discovery_badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discovery_badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"badge_type" text NOT NULL,
	"badge_name" text NOT NULL,
	"badge_description" text,
	"badge_icon" text,
	"badge_color" text DEFAULT '#3B82F6' NOT NULL,
	"earned_from_ad_id" integer,
	"earned_from_company_id" integer,
	"is_displayed" boolean DEFAULT true NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_achievements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"badge" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"user_id" integer,
	"validated_redemptions" integer DEFAULT 0 NOT NULL,
	"social_shares" integer DEFAULT 0 NOT NULL,
	"user_tier" "tier" DEFAULT 'bronze' NOT NULL,
	"is_plus" boolean DEFAULT false NOT NULL,
	"entry_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_eligible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"prize_title" text NOT NULL,
	"prize_description" text,
	"prize_value_pesewas" integer,
	"sponsor_company_id" integer,
	"minimum_tier" "tier" DEFAULT 'bronze' NOT NULL,
	"requires_plus" boolean DEFAULT true NOT NULL,
	"minimum_validated_redemptions" integer DEFAULT 3 NOT NULL,
	"minimum_social_shares" integer DEFAULT 2 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"draw_date" timestamp with time zone,
	"winner_id" integer,
	"winner_selected_at" timestamp with time zone,
	"seed_hash" text,
	"seed" text,
	"public_randomness" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_month_range" CHECK ("competitions"."month" between 1 and 12),
	CONSTRAINT "competitions_prize_value_nonnegative" CHECK ("competitions"."prize_value_pesewas" >= 0),
	CONSTRAINT "competitions_minimums_nonnegative" CHECK ("competitions"."minimum_validated_redemptions" >= 0 and "competitions"."minimum_social_shares" >= 0)
);
--> statement-breakpoint
CREATE TABLE "draw_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"draw_id" integer NOT NULL,
	"user_id" integer,
	"entries_count" integer DEFAULT 1 NOT NULL,
	"user_tier" "tier" DEFAULT 'bronze' NOT NULL,
	"completed_cycles_count" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_eligible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_entries_entries_count_range" CHECK ("draw_entries"."entries_count" between 1 and 10),
	CONSTRAINT "draw_entries_completed_cycles_nonnegative" CHECK ("draw_entries"."completed_cycles_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prize_draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text,
	"draw_month" integer NOT NULL,
	"draw_year" integer NOT NULL,
	"draw_date" timestamp with time zone,
	"registration_deadline" timestamp with time zone,
	"prize_title" text NOT NULL,
	"prize_description" text,
	"prize_value_pesewas" integer,
	"sponsor_company_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"winner_id" integer,
	"winner_selected_at" timestamp with time zone,
	"seed_hash" text,
	"seed" text,
	"public_randomness" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_draws_month_range" CHECK ("prize_draws"."draw_month" between 1 and 12),
	CONSTRAINT "prize_draws_prize_value_nonnegative" CHECK ("prize_draws"."prize_value_pesewas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"current_stamps" integer DEFAULT 0 NOT NULL,
	"required_stamps" integer NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"reward_claimed" boolean DEFAULT false NOT NULL,
	"reward_claimed_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_cards_current_stamps_nonnegative" CHECK ("loyalty_cards"."current_stamps" >= 0),
	CONSTRAINT "loyalty_cards_required_stamps_positive" CHECK ("loyalty_cards"."required_stamps" > 0),
	CONSTRAINT "loyalty_cards_stamps_within_required" CHECK ("loyalty_cards"."current_stamps" <= "loyalty_cards"."required_stamps")
);
--> statement-breakpoint
CREATE TABLE "loyalty_check_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer NOT NULL,
	"card_id" integer,
	"qr_code_data" text,
	"purchase_amount_pesewas" integer,
	"meets_minimum" boolean DEFAULT true NOT NULL,
	"check_in_location" text,
	"staff_member_id" integer,
	"verification_method" text DEFAULT 'qr' NOT NULL,
	"ip_address" text,
	"device_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_check_ins_purchase_amount_nonnegative" CHECK ("loyalty_check_ins"."purchase_amount_pesewas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_counters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_counters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"last_visit" timestamp with time zone,
	"has_active_reward" boolean DEFAULT false NOT NULL,
	"reward_unlocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_counters_visit_count_nonnegative" CHECK ("loyalty_counters"."visit_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"program_name" text NOT NULL,
	"description" text,
	"required_visits" integer DEFAULT 10 NOT NULL,
	"reward_title" text NOT NULL,
	"reward_description" text,
	"minimum_spend_pesewas" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"validity_days" integer DEFAULT 365 NOT NULL,
	"max_active_cards" integer DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programs_required_visits_positive" CHECK ("loyalty_programs"."required_visits" > 0),
	CONSTRAINT "loyalty_programs_minimum_spend_nonnegative" CHECK ("loyalty_programs"."minimum_spend_pesewas" >= 0),
	CONSTRAINT "loyalty_programs_validity_days_positive" CHECK ("loyalty_programs"."validity_days" > 0),
	CONSTRAINT "loyalty_programs_max_active_cards_nonnegative" CHECK ("loyalty_programs"."max_active_cards" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer,
	"currency" "ledger_currency" NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"source_type" text,
	"source_id" integer,
	"idempotency_key" text NOT NULL,
	"reverses_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "user_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"current_tier" "tier" DEFAULT 'bronze' NOT NULL,
	"completed_cycles" integer DEFAULT 0 NOT NULL,
	"tier_achieved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tiers_completed_cycles_nonnegative" CHECK ("user_tiers"."completed_cycles" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"reference" text,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer,
	"subscription_id" integer,
	"amount_pesewas" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"payment_method" text,
	"momo_number" text,
	"momo_provider" "momo_provider",
	"transaction_id" text,
	"reference" text NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_pesewas" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer,
	"type" "subscription_type" DEFAULT 'plus' NOT NULL,
	"amount_pesewas" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"payment_method" text,
	"payment_reference" text,
	"payment_phone" text,
	"status" "subscription_status" DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount_nonnegative" CHECK ("subscriptions"."amount_pesewas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ad_interactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"ad_id" integer NOT NULL,
	"interaction_type" "ad_interaction_type" NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discovered_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discovered_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"ad_id" integer,
	"watch_percentage" integer DEFAULT 0 NOT NULL,
	"has_rewards" boolean DEFAULT false NOT NULL,
	"discovery_type" text DEFAULT 'unlock' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovered_companies_watch_percentage_range" CHECK ("discovered_companies"."watch_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "watch_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watch_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_progress_at" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"device_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_progress_percent_range" CHECK ("watch_progress"."progress_percent" between 0 and 100),
	CONSTRAINT "watch_progress_watched_seconds_nonnegative" CHECK ("watch_progress"."watched_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "anti_cheat_violations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "anti_cheat_violations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"violation_type" text NOT NULL,
	"violation_description" text,
	"severity" "violation_severity" DEFAULT 'low' NOT NULL,
	"related_reward_id" integer,
	"related_company_id" integer,
	"evidence_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "violation_status" DEFAULT 'pending' NOT NULL,
	"action_taken" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_detection" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fraud_detection_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"ad_id" integer,
	"event_type" text NOT NULL,
	"ip_address" text,
	"device_fingerprint" text,
	"suspicious_activity" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"risk_score" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_detection_risk_score_range" CHECK ("fraud_detection"."risk_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "daily_scan_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_scan_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"scan_date" date NOT NULL,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"max_scans_allowed" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_scan_limits_count_within_max" CHECK ("daily_scan_limits"."scan_count" >= 0 and "daily_scan_limits"."scan_count" <= "daily_scan_limits"."max_scans_allowed")
);
--> statement-breakpoint
CREATE TABLE "qr_scan_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_scan_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"company_id" integer NOT NULL,
	"staff_id" integer,
	"scan_type" text,
	"merchant_device_fingerprint" text,
	"user_device_fingerprint" text,
	"ip_address" text,
	"scan_location" text,
	"city" text,
	"country" text DEFAULT 'GH' NOT NULL,
	"scan_method" text DEFAULT 'qr' NOT NULL,
	"scan_duration_ms" integer,
	"is_suspicious" boolean DEFAULT false NOT NULL,
	"suspicious_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_first_scan_of_day" boolean DEFAULT false NOT NULL,
	"daily_scan_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_qr_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_qr_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"qr_data" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"rotation_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leaderboards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"period" "leaderboard_period" NOT NULL,
	"metric" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"rank" integer,
	"period_start" date NOT NULL,
	"period_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboards_rank_positive" CHECK ("leaderboards"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_id" integer,
	"referred_id" integer,
	"referral_code" text NOT NULL,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"reward_given" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referred_id")
);
--> statement-breakpoint
CREATE TABLE "company_point_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_point_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"allocated_points" integer NOT NULL,
	"used_points" integer DEFAULT 0 NOT NULL,
	"remaining_points" integer NOT NULL,
	"plan" "plan" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_point_allocations_month_range" CHECK ("company_point_allocations"."month" between 1 and 12),
	CONSTRAINT "company_point_allocations_nonnegative" CHECK ("company_point_allocations"."allocated_points" >= 0 and "company_point_allocations"."used_points" >= 0 and "company_point_allocations"."remaining_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "daily_point_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_point_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"points_received" integer DEFAULT 0 NOT NULL,
	"max_points_per_day" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_point_limits_within_max" CHECK ("daily_point_limits"."points_received" >= 0 and "daily_point_limits"."points_received" <= "daily_point_limits"."max_points_per_day")
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_company_id" integer NOT NULL,
	"to_user_id" integer,
	"points" integer NOT NULL,
	"purchase_amount_pesewas" integer,
	"transaction_note" varchar(200),
	"processed_by_staff" varchar(100),
	"staff_id" integer,
	"merchant_device" text,
	"transaction_location" text,
	"status" "point_transaction_status" DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_transactions_points_range" CHECK ("point_transactions"."points" between 1 and 100),
	CONSTRAINT "point_transactions_purchase_amount_nonnegative" CHECK ("point_transactions"."purchase_amount_pesewas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"setting_key" text NOT NULL,
	"setting_value" text NOT NULL,
	"setting_type" "setting_type" DEFAULT 'text' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "early_access_signups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "early_access_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"username" text,
	"email" text NOT NULL,
	"phone" text,
	"age" text,
	"region" text,
	"city" text,
	"occupation" text,
	"referral" text,
	"preferred_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"shopping_budget" text,
	"social_media_platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"sms_consent" boolean DEFAULT false NOT NULL,
	"early_access_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"feedback_willingness" boolean DEFAULT false NOT NULL,
	"is_converted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_interest_signups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_interest_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"username" text,
	"email" text NOT NULL,
	"phone" text,
	"title" text,
	"company" text,
	"business_type" text,
	"location" text,
	"region" text,
	"description" text,
	"expected_spend" text,
	"target_audience" text,
	"preferred_language" text DEFAULT 'English' NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"callback_time" text,
	"urgency" text,
	"current_marketing" text,
	"goals" text,
	"is_converted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prelaunch_businesses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prelaunch_businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"business_email" text NOT NULL,
	"business_phone" text NOT NULL,
	"business_category" text,
	"location" text,
	"business_size" text,
	"current_advertising" text[] DEFAULT '{}'::text[] NOT NULL,
	"monthly_ad_budget" text,
	"target_audience" text,
	"business_goals" text,
	"launch_timeframe" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prelaunch_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prelaunch_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"city" text,
	"age_range" text,
	"gender" text,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"referral_source" text,
	"preferred_social_platform" text,
	"expectations" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_verifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_staff_id_company_staff_id_fk" FOREIGN KEY ("company_staff_id") REFERENCES "public"."company_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_staff" ADD CONSTRAINT "company_staff_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_media_file_id_media_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_discount_codes" ADD CONSTRAINT "ad_discount_codes_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_discount_codes" ADD CONSTRAINT "ad_discount_codes_assigned_reward_id_rewards_id_fk" FOREIGN KEY ("assigned_reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_purchase_id_verified_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."verified_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_purchases" ADD CONSTRAINT "verified_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_purchases" ADD CONSTRAINT "verified_purchases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_purchases" ADD CONSTRAINT "verified_purchases_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_purchases" ADD CONSTRAINT "verified_purchases_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_badges" ADD CONSTRAINT "discovery_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_badges" ADD CONSTRAINT "discovery_badges_earned_from_ad_id_ads_id_fk" FOREIGN KEY ("earned_from_ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_badges" ADD CONSTRAINT "discovery_badges_earned_from_company_id_companies_id_fk" FOREIGN KEY ("earned_from_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_draw_id_prize_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."prize_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_check_ins" ADD CONSTRAINT "loyalty_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_check_ins" ADD CONSTRAINT "loyalty_check_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_check_ins" ADD CONSTRAINT "loyalty_check_ins_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_check_ins" ADD CONSTRAINT "loyalty_check_ins_staff_member_id_company_staff_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_counters" ADD CONSTRAINT "loyalty_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_counters" ADD CONSTRAINT "loyalty_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tiers" ADD CONSTRAINT "user_tiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_interactions" ADD CONSTRAINT "ad_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_interactions" ADD CONSTRAINT "ad_interactions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_companies" ADD CONSTRAINT "discovered_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_companies" ADD CONSTRAINT "discovered_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_companies" ADD CONSTRAINT "discovered_companies_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" ADD CONSTRAINT "anti_cheat_violations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" ADD CONSTRAINT "anti_cheat_violations_related_reward_id_rewards_id_fk" FOREIGN KEY ("related_reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" ADD CONSTRAINT "anti_cheat_violations_related_company_id_companies_id_fk" FOREIGN KEY ("related_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_cheat_violations" ADD CONSTRAINT "anti_cheat_violations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_detection" ADD CONSTRAINT "fraud_detection_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_detection" ADD CONSTRAINT "fraud_detection_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_scan_limits" ADD CONSTRAINT "daily_scan_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_scan_limits" ADD CONSTRAINT "daily_scan_limits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD CONSTRAINT "qr_scan_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD CONSTRAINT "qr_scan_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD CONSTRAINT "qr_scan_logs_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_qr_codes" ADD CONSTRAINT "user_qr_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_point_allocations" ADD CONSTRAINT "company_point_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_point_limits" ADD CONSTRAINT "daily_point_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_from_company_id_companies_id_fk" FOREIGN KEY ("from_company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_anigye_id_key" ON "users" USING btree ("anigye_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_key" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_key" ON "users" USING btree ("phone_number") WHERE "users"."is_phone_verified";--> statement-breakpoint
CREATE INDEX "users_unverified_created_at_idx" ON "users" USING btree ("created_at") WHERE not "users"."is_email_verified";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_id_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_tokens_company_id_idx" ON "email_tokens" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "email_tokens_expires_at_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_verifications_phone_purpose_idx" ON "otp_verifications" USING btree ("phone_number","purpose","created_at");--> statement-breakpoint
CREATE INDEX "otp_verifications_email_purpose_idx" ON "otp_verifications" USING btree (lower("email"),"purpose","created_at");--> statement-breakpoint
CREATE INDEX "otp_verifications_user_id_idx" ON "otp_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otp_verifications_expires_at_idx" ON "otp_verifications" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_identifier_type_action_key" ON "rate_limits" USING btree ("identifier","identifier_type","action");--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_company_id_idx" ON "sessions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sessions_company_staff_id_idx" ON "sessions" USING btree ("company_staff_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_username_lower_key" ON "companies" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_setup_token_hash_key" ON "companies" USING btree ("setup_token_hash");--> statement-breakpoint
CREATE INDEX "companies_contact_email_lower_idx" ON "companies" USING btree (lower("contact_email"));--> statement-breakpoint
CREATE INDEX "companies_category_idx" ON "companies" USING btree ("category");--> statement-breakpoint
CREATE INDEX "companies_carousel_idx" ON "companies" USING btree ("created_at") WHERE "companies"."show_in_carousel" and "companies"."is_active" and "companies"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_staff_company_name_lower_key" ON "company_staff" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "media_files_company_id_idx" ON "media_files" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_daily_stats_ad_day_key" ON "ad_daily_stats" USING btree ("ad_id","day");--> statement-breakpoint
CREATE INDEX "ads_company_id_idx" ON "ads" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ads_discovery_idx" ON "ads" USING btree ("is_active","is_featured" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "ads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ads_media_file_id_idx" ON "ads" USING btree ("media_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_discount_codes_ad_code_key" ON "ad_discount_codes" USING btree ("ad_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_discount_codes_assigned_reward_id_key" ON "ad_discount_codes" USING btree ("assigned_reward_id");--> statement-breakpoint
CREATE INDEX "ad_discount_codes_free_idx" ON "ad_discount_codes" USING btree ("ad_id","id") WHERE "ad_discount_codes"."assigned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_user_ad_key" ON "rewards" USING btree ("user_id","ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_redemption_number_key" ON "rewards" USING btree ("redemption_number");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_qr_code_data_key" ON "rewards" USING btree ("qr_code_data");--> statement-breakpoint
CREATE INDEX "rewards_user_id_idx" ON "rewards" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rewards_ad_id_idx" ON "rewards" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "rewards_company_id_idx" ON "rewards" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "rewards_share_queue_idx" ON "rewards" USING btree ("shared_at") WHERE "rewards"."is_shared" and "rewards"."share_proof_status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_live_reward_key" ON "redemptions" USING btree ("reward_id") WHERE "redemptions"."status" in ('pending', 'complete');--> statement-breakpoint
CREATE INDEX "redemptions_ad_timestamp_idx" ON "redemptions" USING btree ("ad_id","timestamp");--> statement-breakpoint
CREATE INDEX "redemptions_user_id_idx" ON "redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "redemptions_company_timestamp_idx" ON "redemptions" USING btree ("company_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reviews_purchase_id_key" ON "user_reviews" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "user_reviews_company_id_idx" ON "user_reviews" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_reviews_user_id_idx" ON "user_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verified_purchases_user_id_idx" ON "verified_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verified_purchases_company_id_idx" ON "verified_purchases" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "verified_purchases_pending_idx" ON "verified_purchases" USING btree ("created_at") WHERE "verified_purchases"."verification_status" = 'pending';--> statement-breakpoint
CREATE INDEX "discovery_badges_user_id_idx" ON "discovery_badges" USING btree ("user_id","earned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_user_badge_key" ON "user_achievements" USING btree ("user_id","badge");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entries_competition_user_key" ON "competition_entries" USING btree ("competition_id","user_id");--> statement-breakpoint
CREATE INDEX "competition_entries_user_id_idx" ON "competition_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "competitions_year_month_idx" ON "competitions" USING btree ("year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_entries_draw_user_key" ON "draw_entries" USING btree ("draw_id","user_id");--> statement-breakpoint
CREATE INDEX "draw_entries_user_id_idx" ON "draw_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prize_draws_year_month_idx" ON "prize_draws" USING btree ("draw_year","draw_month");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_one_active_per_program_key" ON "loyalty_cards" USING btree ("user_id","program_id") WHERE "loyalty_cards"."is_active";--> statement-breakpoint
CREATE INDEX "loyalty_cards_user_company_idx" ON "loyalty_cards" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "loyalty_cards_program_id_idx" ON "loyalty_cards" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "loyalty_check_ins_user_company_idx" ON "loyalty_check_ins" USING btree ("user_id","company_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_check_ins_company_created_idx" ON "loyalty_check_ins" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_check_ins_card_id_idx" ON "loyalty_check_ins" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_counters_user_company_key" ON "loyalty_counters" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "loyalty_counters_company_id_idx" ON "loyalty_counters" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programs_one_active_per_company_key" ON "loyalty_programs" USING btree ("company_id") WHERE "loyalty_programs"."is_active";--> statement-breakpoint
CREATE INDEX "loyalty_programs_company_id_idx" ON "loyalty_programs" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_entry_id_key" ON "ledger_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_currency_idx" ON "ledger_entries" USING btree ("user_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_company_currency_idx" ON "ledger_entries" USING btree ("company_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_source_idx" ON "ledger_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tiers_user_id_key" ON "user_tiers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_provider_event_key" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_events_reference_idx" ON "payment_webhook_events" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_id_key" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_company_id_idx" ON "payments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_id_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_payment_reference_key" ON "subscriptions" USING btree ("payment_reference") WHERE "subscriptions"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_company_id_idx" ON "subscriptions" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_pending_idx" ON "subscriptions" USING btree ("created_at") WHERE "subscriptions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ad_interactions_ad_timestamp_idx" ON "ad_interactions" USING btree ("ad_id","timestamp");--> statement-breakpoint
CREATE INDEX "ad_interactions_user_ad_idx" ON "ad_interactions" USING btree ("user_id","ad_id","interaction_type");--> statement-breakpoint
CREATE UNIQUE INDEX "discovered_companies_user_company_key" ON "discovered_companies" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "discovered_companies_company_id_idx" ON "discovered_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "watch_progress_user_ad_idx" ON "watch_progress" USING btree ("user_id","ad_id");--> statement-breakpoint
CREATE INDEX "watch_progress_ad_id_idx" ON "watch_progress" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "anti_cheat_violations_status_idx" ON "anti_cheat_violations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "anti_cheat_violations_user_id_idx" ON "anti_cheat_violations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fraud_detection_user_created_idx" ON "fraud_detection" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fraud_detection_event_type_idx" ON "fraud_detection" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_scan_limits_user_company_date_key" ON "daily_scan_limits" USING btree ("user_id","company_id","scan_date");--> statement-breakpoint
CREATE INDEX "qr_scan_logs_company_created_idx" ON "qr_scan_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_scan_logs_user_created_idx" ON "qr_scan_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_scan_logs_suspicious_idx" ON "qr_scan_logs" USING btree ("created_at") WHERE "qr_scan_logs"."is_suspicious";--> statement-breakpoint
CREATE UNIQUE INDEX "user_qr_codes_qr_data_key" ON "user_qr_codes" USING btree ("qr_data");--> statement-breakpoint
CREATE UNIQUE INDEX "user_qr_codes_one_active_per_user_key" ON "user_qr_codes" USING btree ("user_id") WHERE "user_qr_codes"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_token_key" ON "device_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "device_tokens_user_id_idx" ON "device_tokens" USING btree ("user_id") WHERE "device_tokens"."is_active";--> statement-breakpoint
CREATE INDEX "notifications_user_is_read_idx" ON "notifications" USING btree ("user_id","is_read");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboards_period_metric_start_user_key" ON "leaderboards" USING btree ("period","metric","period_start","user_id");--> statement-breakpoint
CREATE INDEX "leaderboards_ranking_idx" ON "leaderboards" USING btree ("period","metric","period_start","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_id_key" ON "referrals" USING btree ("referred_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_id_idx" ON "referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_point_allocations_company_year_month_key" ON "company_point_allocations" USING btree ("company_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_point_limits_user_day_key" ON "daily_point_limits" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "point_transactions_to_user_created_idx" ON "point_transactions" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_transactions_from_company_created_idx" ON "point_transactions" USING btree ("from_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_settings_setting_key_key" ON "platform_settings" USING btree ("setting_key");--> statement-breakpoint
CREATE UNIQUE INDEX "early_access_signups_email_lower_key" ON "early_access_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_interest_signups_email_lower_key" ON "merchant_interest_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "prelaunch_businesses_business_email_lower_key" ON "prelaunch_businesses" USING btree (lower("business_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "prelaunch_users_email_lower_key" ON "prelaunch_users" USING btree (lower("email"));