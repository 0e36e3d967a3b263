CREATE TABLE "ad_likes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "prize_draws_year_month_idx";--> statement-breakpoint
ALTER TABLE "ad_likes" ADD CONSTRAINT "ad_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_likes" ADD CONSTRAINT "ad_likes_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_likes_user_ad_key" ON "ad_likes" USING btree ("user_id","ad_id");--> statement-breakpoint
CREATE INDEX "ad_likes_ad_id_idx" ON "ad_likes" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_draws_year_month_key" ON "prize_draws" USING btree ("draw_year","draw_month");