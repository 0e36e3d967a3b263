CREATE TABLE "company_branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"phone" text,
	"business_hours" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "company_staff" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "company_branches" ADD CONSTRAINT "company_branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_branches_company_idx" ON "company_branches" USING btree ("company_id") WHERE "company_branches"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_branches_company_name_lower_key" ON "company_branches" USING btree ("company_id",lower("name")) WHERE "company_branches"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "company_branches_latitude_idx" ON "company_branches" USING btree ("latitude") WHERE "company_branches"."latitude" is not null and "company_branches"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_branch_id_company_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."company_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_staff" ADD CONSTRAINT "company_staff_branch_id_company_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."company_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan_logs" ADD CONSTRAINT "qr_scan_logs_branch_id_company_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."company_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_branch_id_company_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."company_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every existing business's location becomes its first branch; its staff and its history belong there.
INSERT INTO "company_branches" ("company_id", "name", "address", "latitude", "longitude", "phone", "business_hours")
SELECT "id",
       coalesce(nullif(btrim("location"), ''), nullif(btrim("city"), ''), "name"),
       coalesce(nullif(btrim("address"), ''), nullif(btrim("location"), '')),
       "latitude", "longitude", "phone", "business_hours"
FROM "companies";--> statement-breakpoint
UPDATE "company_staff" s SET "branch_id" = b."id" FROM "company_branches" b WHERE b."company_id" = s."company_id";--> statement-breakpoint
UPDATE "qr_scan_logs" l SET "branch_id" = b."id" FROM "company_branches" b WHERE b."company_id" = l."company_id";--> statement-breakpoint
UPDATE "redemptions" r SET "branch_id" = b."id" FROM "company_branches" b WHERE b."company_id" = r."company_id";
