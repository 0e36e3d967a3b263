ALTER TABLE "phone_checkins" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;