ALTER TABLE "early_access_signups" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "early_access_signups" ADD COLUMN "expectations" text;--> statement-breakpoint
ALTER TABLE "merchant_interest_signups" ADD COLUMN "business_size" text;--> statement-breakpoint
-- Every signup the forms wrote to the prelaunch tables moves to the table the admin reads. An email
-- already in the kept table keeps its row there (the unique index on lower(email) decides).
INSERT INTO "early_access_signups" ("name", "email", "phone", "city", "age", "gender", "preferred_categories", "referral", "social_media_platforms", "expectations", "created_at")
SELECT "name", "email", "phone_number", "city", "age_range", "gender", "interests", "referral_source",
  CASE WHEN coalesce("preferred_social_platform", '') = '' THEN '{}'::text[] ELSE ARRAY["preferred_social_platform"] END,
  "expectations", "created_at"
FROM "prelaunch_users" ORDER BY "id"
ON CONFLICT (lower("email")) DO NOTHING;--> statement-breakpoint
INSERT INTO "merchant_interest_signups" ("name", "email", "phone", "company", "business_type", "location", "business_size", "current_marketing", "expected_spend", "target_audience", "goals", "urgency", "created_at")
SELECT "contact_name", "business_email", "business_phone", "business_name", "business_category", "location", "business_size",
  nullif(array_to_string("current_advertising", '; '), ''), "monthly_ad_budget", "target_audience", "business_goals",
  "launch_timeframe", "created_at"
FROM "prelaunch_businesses" ORDER BY "id"
ON CONFLICT (lower("email")) DO NOTHING;--> statement-breakpoint
DROP TABLE "prelaunch_businesses" CASCADE;--> statement-breakpoint
DROP TABLE "prelaunch_users" CASCADE;
