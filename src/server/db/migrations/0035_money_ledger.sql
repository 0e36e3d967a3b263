CREATE TYPE "public"."payment_purpose" AS ENUM('subscription', 'wallet_top_up');--> statement-breakpoint
CREATE TYPE "public"."money_account_kind" AS ENUM('company_balance', 'platform_revenue', 'money_received');--> statement-breakpoint
CREATE TYPE "public"."money_transfer_kind" AS ENUM('top_up', 'view_charge', 'view_refund');--> statement-breakpoint
CREATE TABLE "money_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "money_account_kind" NOT NULL,
	"company_id" integer NOT NULL,
	"balance_pesewas" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_accounts_balance_sign" CHECK (("money_accounts"."kind" = 'money_received' and "money_accounts"."balance_pesewas" <= 0) or ("money_accounts"."kind" <> 'money_received' and "money_accounts"."balance_pesewas" >= 0))
);
--> statement-breakpoint
CREATE TABLE "money_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount_pesewas" bigint NOT NULL,
	"kind" "money_transfer_kind" NOT NULL,
	"idempotency_key" text NOT NULL,
	"debit_balance_after_pesewas" bigint NOT NULL,
	"credit_balance_after_pesewas" bigint NOT NULL,
	"payment_id" integer,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_transfers_amount_positive" CHECK ("money_transfers"."amount_pesewas" > 0),
	CONSTRAINT "money_transfers_two_accounts" CHECK ("money_transfers"."debit_account_id" <> "money_transfers"."credit_account_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" "payment_purpose" DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_reference" text;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_debit_account_id_money_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_credit_account_id_money_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_accounts_kind_company_key" ON "money_accounts" USING btree ("kind","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_transfers_idempotency_key_key" ON "money_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "money_transfers_debit_idx" ON "money_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "money_transfers_credit_idx" ON "money_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payer_reference_key" ON "payments" USING btree ("payer_reference");