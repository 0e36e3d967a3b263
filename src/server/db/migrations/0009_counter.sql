DROP INDEX "user_qr_codes_one_active_per_user_key";--> statement-breakpoint
ALTER TABLE "company_staff" ADD COLUMN "staff_code" text;--> statement-breakpoint
-- Staff added before the counter existed get a random code; the owner reads it in the dashboard.
UPDATE "company_staff" SET "staff_code" = lpad(floor(random() * 1000000)::int::text, 6, '0');--> statement-breakpoint
ALTER TABLE "company_staff" ALTER COLUMN "staff_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_staff" ADD COLUMN "failed_pin_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_staff" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "accepted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "result_code" text DEFAULT 'OK' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "scanned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "points" integer;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "was_queued" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DELETE FROM "user_qr_codes";--> statement-breakpoint
ALTER TABLE "user_qr_codes" ADD COLUMN "short_code" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "company_staff_company_staff_code_key" ON "company_staff" USING btree ("company_id","staff_code");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_scan_logs_company_idempotency_key" ON "qr_scan_logs" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "qr_scan_logs_merchant_device_idx" ON "qr_scan_logs" USING btree ("merchant_device_fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "user_qr_codes_short_code_idx" ON "user_qr_codes" USING btree ("short_code","expires_at");--> statement-breakpoint
CREATE INDEX "user_qr_codes_user_id_idx" ON "user_qr_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_qr_codes_expires_at_idx" ON "user_qr_codes" USING btree ("expires_at");