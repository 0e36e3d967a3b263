CREATE TYPE "public"."payout_network" AS ENUM('mtn', 'telecel', 'airteltigo');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('queued', 'review', 'sending', 'paid', 'failed', 'reversed', 'rejected');--> statement-breakpoint
CREATE TABLE "cashback_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashback_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"idempotency_key" text NOT NULL,
	"amount_pesewas" integer NOT NULL,
	"fee_pesewas" integer DEFAULT 0 NOT NULL,
	"status" "withdrawal_status" NOT NULL,
	"phone_number" text NOT NULL,
	"network" "payout_network" NOT NULL,
	"account_name" text,
	"reference" text NOT NULL,
	"hold_until" timestamp with time zone,
	"review_reason" text,
	"risk_score" integer DEFAULT 0 NOT NULL,
	"provider_transfer_code" text,
	"manual_transaction_id" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_withdrawals_amount_positive" CHECK ("cashback_withdrawals"."amount_pesewas" > 0),
	CONSTRAINT "cashback_withdrawals_fee_below_amount" CHECK ("cashback_withdrawals"."fee_pesewas" >= 0 and "cashback_withdrawals"."fee_pesewas" < "cashback_withdrawals"."amount_pesewas")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"network" "payout_network" NOT NULL,
	"account_name" text,
	"recipient_code" text,
	"hold_until" timestamp with time zone,
	"device_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_user_key" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "money_transfers" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "cashback_withdrawals" ADD CONSTRAINT "cashback_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_withdrawals" ADD CONSTRAINT "cashback_withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_withdrawals_user_key" ON "cashback_withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_withdrawals_reference_key" ON "cashback_withdrawals" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "cashback_withdrawals_user_created_idx" ON "cashback_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cashback_withdrawals_status_idx" ON "cashback_withdrawals" USING btree ("status","created_at");