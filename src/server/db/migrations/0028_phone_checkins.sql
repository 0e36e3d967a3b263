CREATE TABLE "held_phone_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "held_phone_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checkin_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"staff_id" integer,
	"phone_number" text NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"purchase_pesewas" integer,
	"held_at" timestamp with time zone NOT NULL,
	"claim_until" timestamp with time zone NOT NULL,
	"landed_at" timestamp with time zone,
	"landed_user_id" integer,
	"land_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_checkins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_checkins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"staff_id" integer,
	"branch_id" integer,
	"phone_number" text NOT NULL,
	"action" text NOT NULL,
	"purchase_pesewas" integer,
	"points" integer,
	"code_hash" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'code_sent' NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" integer,
	"answer" jsonb,
	"sms_sent" integer DEFAULT 1 NOT NULL,
	"is_suspicious" boolean DEFAULT false NOT NULL,
	"suspicious_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_invites" (
	"company_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"checkin_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_invites_company_id_phone_number_pk" PRIMARY KEY("company_id","phone_number")
);
--> statement-breakpoint
ALTER TABLE "held_phone_rewards" ADD CONSTRAINT "held_phone_rewards_checkin_id_phone_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."phone_checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_phone_rewards" ADD CONSTRAINT "held_phone_rewards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_phone_rewards" ADD CONSTRAINT "held_phone_rewards_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_phone_rewards" ADD CONSTRAINT "held_phone_rewards_landed_user_id_users_id_fk" FOREIGN KEY ("landed_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_checkins" ADD CONSTRAINT "phone_checkins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_checkins" ADD CONSTRAINT "phone_checkins_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_checkins" ADD CONSTRAINT "phone_checkins_branch_id_company_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."company_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_checkins" ADD CONSTRAINT "phone_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_invites" ADD CONSTRAINT "phone_invites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_invites" ADD CONSTRAINT "phone_invites_checkin_id_phone_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."phone_checkins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_phone_rewards_checkin_key" ON "held_phone_rewards" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "held_phone_rewards_waiting_idx" ON "held_phone_rewards" USING btree ("phone_number","claim_until") WHERE "held_phone_rewards"."landed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_checkins_company_idempotency_key" ON "phone_checkins" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "phone_checkins_company_created_idx" ON "phone_checkins" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_checkins_phone_created_idx" ON "phone_checkins" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "phone_checkins_staff_created_idx" ON "phone_checkins" USING btree ("staff_id","created_at");