ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE INDEX "users_display_name_prefix_idx" ON "users" USING btree (lower("display_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "anti_cheat_violations_one_pending_per_user" ON "anti_cheat_violations" USING btree ("user_id") WHERE "anti_cheat_violations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fraud_detection_created_idx" ON "fraud_detection" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fraud_detection_device_idx" ON "fraud_detection" USING btree ("device_fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "watch_progress_device_idx" ON "watch_progress" USING btree ("device_fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "watch_progress_completed_at_idx" ON "watch_progress" USING btree ("completed_at") WHERE "watch_progress"."completed_at" is not null;