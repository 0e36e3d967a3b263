CREATE TABLE "payout_reconciliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"withdrawals_compared" integer NOT NULL,
	"transfers_listed" integer NOT NULL,
	"differences" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_reconciliations_checked_idx" ON "payout_reconciliations" USING btree ("created_at");