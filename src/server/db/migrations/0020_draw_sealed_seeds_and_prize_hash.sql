ALTER TABLE "competitions" ADD COLUMN "sealed_seed" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "prize_hash" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "sealed_seed" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "prize_hash" text;--> statement-breakpoint
-- Draws whose entries already closed: their prize is fixed as it stands now (docs/draw-algorithm.md).
UPDATE "prize_draws" SET "prize_hash" = encode(sha256(convert_to(encode(sha256(convert_to(prize_title, 'UTF8')), 'hex') || '|' || encode(sha256(convert_to(coalesce(prize_description, ''), 'UTF8')), 'hex') || '|' || encode(sha256(convert_to(coalesce(prize_value_pesewas::text, ''), 'UTF8')), 'hex'), 'UTF8')), 'hex') WHERE "entries_closed_at" IS NOT NULL AND "prize_hash" IS NULL;--> statement-breakpoint
-- Draws whose entries already closed: their prize is fixed as it stands now (docs/draw-algorithm.md).
UPDATE "competitions" SET "prize_hash" = encode(sha256(convert_to(encode(sha256(convert_to(prize_title, 'UTF8')), 'hex') || '|' || encode(sha256(convert_to(coalesce(prize_description, ''), 'UTF8')), 'hex') || '|' || encode(sha256(convert_to(coalesce(prize_value_pesewas::text, ''), 'UTF8')), 'hex'), 'UTF8')), 'hex') WHERE "entries_closed_at" IS NOT NULL AND "prize_hash" IS NULL;
