DROP INDEX "discovery_badges_user_id_idx";--> statement-breakpoint
DROP INDEX "rewards_user_id_idx";--> statement-breakpoint
CREATE INDEX "discovered_companies_user_created_idx" ON "discovered_companies" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discovery_badges_user_id_idx" ON "discovery_badges" USING btree ("user_id","earned_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rewards_user_id_idx" ON "rewards" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);