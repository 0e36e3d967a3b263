CREATE TYPE "public"."draw_exclusion_reason" AS ENUM('suspended', 'deleted', 'not_consumer');--> statement-breakpoint
ALTER TABLE "competition_entries" ADD COLUMN "excluded_at_draw" "draw_exclusion_reason";--> statement-breakpoint
ALTER TABLE "draw_entries" ADD COLUMN "excluded_at_draw" "draw_exclusion_reason";