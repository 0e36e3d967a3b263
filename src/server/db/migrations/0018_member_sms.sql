CREATE TABLE "member_sms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_sms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"path" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"expires_at" timestamp with time zone,
	"sent_on" date,
	"sent_at" timestamp with time zone,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_sms" ADD CONSTRAINT "member_sms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_sms_dedupe_key" ON "member_sms" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_sms_one_a_day" ON "member_sms" USING btree ("user_id","sent_on");--> statement-breakpoint
CREATE INDEX "member_sms_queued_idx" ON "member_sms" USING btree ("created_at") WHERE "member_sms"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "member_sms_user_created_idx" ON "member_sms" USING btree ("user_id","created_at" DESC NULLS LAST);