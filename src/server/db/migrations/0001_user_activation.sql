DROP INDEX "users_unverified_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_unactivated_created_at_idx" ON "users" USING btree ("created_at") WHERE "users"."activated_at" is null;