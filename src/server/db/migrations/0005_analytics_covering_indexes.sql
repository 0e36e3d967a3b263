-- Analytics reads a business's per-day counters and its likes and shares ad by ad. With the counters
-- (and the interaction type and member) carried in the indexes, those reads are index-only range scans instead of a
-- scan of the whole table; past days are no longer updated, so their pages stay all-visible.
-- Drizzle's schema can't express INCLUDE, so the indexes keep their names and key columns there.
DROP INDEX IF EXISTS "ad_daily_stats_ad_day_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ad_daily_stats_ad_day_key" ON "ad_daily_stats" USING btree ("ad_id","day") INCLUDE ("impressions","views","clicks","completions","unlocks","redemptions");--> statement-breakpoint
DROP INDEX IF EXISTS "ad_interactions_ad_timestamp_idx";--> statement-breakpoint
CREATE INDEX "ad_interactions_ad_timestamp_idx" ON "ad_interactions" USING btree ("ad_id","timestamp") INCLUDE ("interaction_type","user_id");
