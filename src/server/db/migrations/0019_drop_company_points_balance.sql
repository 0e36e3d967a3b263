ALTER TABLE "companies" DROP CONSTRAINT "companies_points_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "points_balance";