CREATE TABLE "counter_text_counts" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"texts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counter_text_counts_kind_subject_period_period_start_pk" PRIMARY KEY("kind","subject","period","period_start"),
	CONSTRAINT "counter_text_counts_texts_nonnegative" CHECK ("counter_text_counts"."texts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "counter_text_counts_period_start_idx" ON "counter_text_counts" USING btree ("period_start");